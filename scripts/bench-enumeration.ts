/**
 * Enumeration timing benchmark (issue 7 §6): does forgot-password or login-code take longer for
 * an address that has an account? Builds the API in-process as the tests do (in-memory PGlite;
 * the production argon2 parameters, although neither call hashes a password), with the file
 * outbox a default install writes mails to, and times each answer as a client gets it (the mails
 * sent after it still on their way),
 * then sends 200 requests per endpoint for registered and 200 for unregistered addresses,
 * alternating, each from its own client address and to its own mailbox so that no throttle
 * interferes, and prints the medians. A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:enumeration
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type Api, createApi } from "../server/api/app.ts";
import { createPasswordHasher } from "../server/identity/passwords.ts";
import { mailsAfterAnswersSent } from "../server/mail/send-mail.ts";
import { OutboxMailer } from "../server/mail/transports.ts";
import { closeIdleTestDatabases, createTestApi, insertAccount } from "../tests/api-harness.ts";

const REQUESTS = 200;
const WARM_UP = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

let clientCounter = 0;
/** One request from a client address never used before, timed in ms. */
async function timed(api: Api, path: string, email: string): Promise<number> {
  clientCounter += 1;
  const clientAddress = `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  const started = performance.now();
  const response = await api.request(
    path,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) },
    { clientAddress },
  );
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} for ${email} answered ${response.status}`);
  return elapsed;
}

async function main() {
  const outboxDir = await mkdtemp(join(tmpdir(), "bench-enumeration-"));
  const mailer = new OutboxMailer(outboxDir, () => {});
  const t = await createTestApi({ deps: { passwords: createPasswordHasher(), mailer } });
  // Not the harness's API, which answers once the mails are out: this one answers as a server does.
  const api = createApi(t.deps);
  try {
    const total = REQUESTS + WARM_UP;
    const known: string[] = [];
    for (let index = 0; index < total; index++) {
      known.push((await insertAccount(t, { email: `member${index}@example.jp` })).email);
    }
    const unknown = known.map((_, index) => `nobody${index}@example.jp`);

    console.log(`enumeration benchmark: ${REQUESTS} requests each (after ${WARM_UP} warm-up), alternating`);
    for (const path of ["/zapi/auth/password/forgot", "/zapi/login/code"]) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let index = 0; index < total; index++) {
        // Alternate which goes first, so neither always runs on a warmer cache.
        const order = index % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        for (const kind of order) {
          const email = kind === "known" ? known[index]! : unknown[index]!;
          const elapsed = await timed(api, path, email);
          if (index >= WARM_UP) times[kind].push(elapsed);
        }
      }
      const knownMedian = median(times.known);
      const unknownMedian = median(times.unknown);
      console.log(
        `${path.padEnd(28)} known ${knownMedian.toFixed(3)} ms  unknown ${unknownMedian.toFixed(3)} ms  ` +
          `difference ${(knownMedian - unknownMedian).toFixed(3)} ms`,
      );
    }
    await mailsAfterAnswersSent();
    console.log(`mails written to the outbox (registered addresses only) in ${outboxDir}`);
  } finally {
    await t.close();
    await rm(outboxDir, { recursive: true, force: true });
    // The harness keeps released databases for reuse; a script that is done closes them to exit.
    await closeIdleTestDatabases();
  }
}

await main();
