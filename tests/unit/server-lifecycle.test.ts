/**
 * The server as an operator runs it: one process on a DATA_DIR, a second one refused, a clean stop
 * on SIGTERM, and start-up failures that name their cause. Needs the production build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const built = existsSync(join(root, "build/server/index.js"));

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the process prints text matching `pattern`; rejects if it exits first. */
  waitFor: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
const directories: string[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exit = new Promise((resolveExit) => child.once("exit", resolveExit));
    child.kill("SIGKILL");
    await exit;
  }
  // A PGlite data directory is tens of megabytes: do not leave one behind per run.
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

/**
 * Runs server/main.ts the way `npm start` does, but as node itself (not through npx or the tsx
 * CLI, which run node as a child) so that the signal the test sends reaches the server directly.
 */
function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      SMTP_URL: "",
      ZAPI_ORIGIN: "",
      STORE_CONFIG: "",
      ...env,
    },
  });
  started.push(child);
  let output = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolveWait, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        listeners.delete(check);
        resolveWait();
      };
      listeners.add(check);
      check();
      void exited.then((code) => reject(new Error(`server exited (${code}) before ${pattern}:\n${output}`)));
    });
  return { child, output: () => output, waitFor, exited };
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
