/**
 * The server as an operator runs it, for tests: `node --import tsx server/main.ts` (node itself, not
 * through npx or the tsx CLI, so that the signals a test sends reach the server directly), with the
 * optional services off unless the test sets them, and its output collected.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

export { freePort } from "../scripts/throwaway-postgres.ts";

const root = resolve(import.meta.dirname, "..");

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the process has printed text matching `pattern`; rejects if it exits first. */
  waitFor: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      SMTP_URL: "",
      ZAPI_ORIGIN: "",
      STORE_CONFIG: "",
      PUBLIC_ORIGIN: "",
      TRUST_PROXY: "",
      WEB_CONCURRENCY: "",
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

/** Kills what the tests started and left running (afterEach). */
export async function killStartedServers(): Promise<void> {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exit = new Promise((resolveExit) => child.once("exit", resolveExit));
    child.kill("SIGKILL");
    await exit;
  }
}
