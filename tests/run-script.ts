/** Runs one of the project's commands (a script under scripts/) as npm would, for its tests. */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx <script> …args` in the project's folder, with `env` over this process's. */
export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<ScriptRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}
