/**
 * What the benchmarks share (scripts/bench-ssr.ts, scripts/bench-cpu.ts): building the product and
 * the bare page afresh, starting a production server and knowing when it is ready, and a member
 * with a session to load member pages as.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import type { Database } from "../../server/db/database.ts";
import { accounts, sessions } from "../../server/db/schema.ts";
import { agreementTo, policiesInForce, recordConsents } from "../../server/identity/policy-records.ts";
import { SESSION_COOKIE } from "../../server/identity/sessions.ts";
import { hashToken } from "../../server/kit/tokens.ts";
import { loadPolicies } from "../../server/store/policy-source.ts";

const root = resolve(import.meta.dirname, "../..");

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/**
 * Starts a server and resolves once its output says it is ready (by default: once it prints
 * `ready`); its output goes to ours only on failure.
 */
export function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  isReady: (output: string) => boolean = (output) => /ready/.test(output),
): Promise<ChildProcess> {
  // Node itself with tsx's loader: one process, so the SIGTERM at the end reaches the server
  // (through npx, the server outlived it and kept the benchmark from exiting).
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let output = "";
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (isReady(output)) done(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => fail(new Error(`${name} exited with ${code}:\n${output}`)));
  });
}

/** A member with a session, written before the server opens the database; returns the cookie. */
export async function seedMember(database: Database): Promise<string> {
  try {
    const publicId = randomUUID();
    const email = `bench-${publicId.slice(0, 8)}@example.jp`;
    const [account] = await database.db
      .insert(accounts)
      .values({ publicId, email, contactEmail: email, emailVerifiedAt: new Date() })
      .returning({ id: accounts.id });
    if (!account) throw new Error("the bench member was not inserted");
    // Agreed to the policies in force, or /mypage would send the member to agree first.
    const now = new Date();
    const inForce = policiesInForce(loadPolicies(join(root, "config", "policies")), now, "ja");
    await recordConsents(database.db, account.id, agreementTo(inForce), now);
    const token = randomBytes(32).toString("base64url");
    await database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      accountId: account.id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    return `${SESSION_COOKIE}=${token}`;
  } finally {
    await database.close();
  }
}

/** Both apps built anew: a benchmark of a stale build measures the wrong code. */
export function buildBoth(): void {
  run("npm", ["run", "build", "--silent"], root);
  run("npx", ["react-router", "build"], join(root, "scripts", "bench", "bare-app"));
}
