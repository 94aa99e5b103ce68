/**
 * The server as an operator runs it: one process on a DATA_DIR, a second one refused, a clean stop
 * on SIGTERM, and start-up failures that name their cause. Needs the production build.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, killStartedServers, startServer } from "../server-process.ts";

const root = resolve(import.meta.dirname, "../..");
const built = existsSync(join(root, "build/server/index.js"));

const directories: string[] = [];
afterEach(async () => {
  await killStartedServers();
  // A PGlite data directory is tens of megabytes: do not leave one behind per run.
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

const title = built
  ? "the server process"
  : "the server process (skipped: build/server/index.js is missing; run `npm run build`)";

describe.skipIf(!built)(title, () => {
  it("serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM", async () => {
    const dataDir = tempDir("server-data-");
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await first.waitFor(/ready: http:\/\//);

    const response = await fetch(`http://127.0.0.1:${port}/zapi/internal/root/screen-data`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      authId: null,
      storeSettingData: { serviceName: "ソラミル" },
    });

    // Served as deployed: on the Node 24 that npm install brings, React in its production build.
    expect(first.output()).toMatch(/runtime: Node v2[4-9]\.\d+\.\d+, production mode/);

    // Without PUBLIC_ORIGIN the boot log names the localhost default every mailed link uses.
    expect(first.output()).toContain(`public origin: http://localhost:${port} (default;`);

    // The lock names its owner by pid and start time, so a reused pid is not mistaken for it.
    const lockFile = join(dataDir, "db", "pglite.lock");
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({
      pid: first.child.pid,
      startTime: expect.any(String),
    });

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`in use by another process (pid ${first.child.pid})`);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("[server] SIGTERM: closing");
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it("exits 1 naming the field when STORE_CONFIG is invalid", async () => {
    const storeConfig = join(tempDir("store-"), "store.json");
    copyFileSync(join(root, "config/store.json"), storeConfig);
    const settings = JSON.parse(readFileSync(storeConfig, "utf8"));
    writeFileSync(storeConfig, JSON.stringify({ ...settings, theme: "blue" }));

    const server = startServer({
      STORE_CONFIG: storeConfig,
      DATA_DIR: tempDir("server-data-"),
      PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Invalid store settings in ${storeConfig}`);
    expect(server.output()).toContain('theme: must be one of "light", "dark"');
  }, 60_000);

  it("exits 1 naming PORT when it is not a port number", async () => {
    const server = startServer({ PORT: "abc", DATA_DIR: tempDir("server-data-") });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Environment variable PORT must be an integer from 1 to 65535 (got "abc")',
    );
  }, 60_000);
});
