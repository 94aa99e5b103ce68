/**
 * `npm start`: builds the production bundle when it is missing or older than the sources, then serves
 * it. The build stamp records the newest source time, so a fresh clone builds once and later starts
 * are immediate.
 */
import "../server/require-node.ts";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const stampFile = join(root, "build", ".source-stamp");
const sourceRoots = ["app", "screens", "widgets", "schemas", "locales"];
const sourceFiles = ["package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const sourceStamp = String(
  Math.max(...[...sourceRoots, ...sourceFiles].map((path) => newestMtime(join(root, path)))),
);
const builtStamp = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : null;
const hasBuild = existsSync(join(root, "build", "server", "index.js"));

if (!hasBuild || builtStamp !== sourceStamp) {
  console.log(hasBuild ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, sourceStamp);
}

await import("../server/main.ts");
