/**
 * Enumeration timing benchmark (issue 7 §6): does forgot-password or login-code take longer for
 * an address that has an account? Builds the API in-process as the tests do (in-memory PGlite,
 * memory outbox; the production argon2 parameters, although neither call hashes a password),
 * then sends 200 requests per endpoint for registered and 200 for unregistered addresses,
 * alternating, each from its own client address and to its own mailbox so that no throttle
 * interferes, and prints the medians. A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:enumeration
 */
import { performance } from "node:perf_hooks";
import { createPasswordHasher } from "../server/services/passwords.ts";
import { closeIdleTestDatabases, createTestApi, insertAccount, type TestApi } from "../tests/api-harness.ts";

const REQUESTS = 200;
const WARM_UP = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

let clientCounter = 0;
/** One request from a client address never used before, timed in ms. */
async function timed(t: TestApi, path: string, email: string): Promise<number> {
  clientCounter += 1;
  const clientAddress = `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  const started = performance.now();
  const response = await t.api.request(
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
  const t = await createTestApi({ deps: { passwords: createPasswordHasher() } });
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
          const elapsed = await timed(t, path, email);
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
    console.log(`mails delivered: ${t.outbox.mails.length} (to registered addresses only)`);
  } finally {
    await t.close();
    // The harness keeps released databases for reuse; a script that is done closes them to exit.
    await closeIdleTestDatabases();
  }
}

await main();
