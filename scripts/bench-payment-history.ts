/**
 * Payment-history benchmark (issue 45 §1): are the first and the tenth page of a member with
 * 10,000 charges within 2× of those of a member with 10? Builds the API in-process as the tests do
 * (in-memory PGlite), gives one member 10 charges in the last year and another 10,000, then times
 * GET /zapi/account/payment-history/{1 and 10} for each, alternating, and prints the medians and
 * the ratio. The member with 10 has one page: their tenth is past the end (empty), which still
 * counts and answers. A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:payment-history
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import {
  closeIdleTestDatabases,
  createTestApi,
  insertSignedInAccount,
  type TestApi,
} from "../tests/api-harness.ts";

const REQUESTS = 200;
const WARM_UP = 20;
const SIZES = [10, 10_000] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `count` card purchases for the account within the last year, in one statement each table. */
async function seed(t: TestApi, accountId: string, count: number): Promise<void> {
  await t.db.execute(sql`
    insert into orders (account_id, plan_id, purchase_token_hash, amount, status, created_at)
    select ${accountId}::uuid, 'movie-purchase', ${accountId} || '-' || n, 1980, 'completed',
           now() - (n * 3000 || ' seconds')::interval
    from generate_series(1, ${count}) as n`);
  await t.db.execute(sql`
    insert into charges (account_id, idempotency_key, order_id, amount, tax_amount, tax_rate, status, created_at)
    select account_id, 'bench:' || id, id, amount, 180, 10, 'succeeded', created_at
    from orders where account_id = ${accountId}::uuid`);
  await t.db.execute(sql`analyze charges`);
  await t.db.execute(sql`analyze orders`);
}

async function historyPage(t: TestApi, cookie: string, page: number) {
  const started = performance.now();
  const response = await t.api.request(`/zapi/account/payment-history/${page}`, { headers: { cookie } });
  const body = (await response.json()) as { data: unknown[]; totalCount: number };
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  return { elapsed, rows: body.data.length, totalCount: body.totalCount };
}

async function main() {
  const t = await createTestApi();
  try {
    const members = [];
    for (const size of SIZES) {
      const member = await insertSignedInAccount(t);
      await seed(t, member.accountId, size);
      const cookie = `sid=${member.sessionToken}`;
      const first = await historyPage(t, cookie, 1);
      if (first.totalCount !== size) throw new Error(`seeded ${first.totalCount} of ${size}`);
      members.push({ size, cookie });
    }

    console.log(
      `payment-history benchmark: ${REQUESTS} requests per case (after ${WARM_UP} warm-up), all cases interleaved`,
    );
    // Every case in each round, the order turned each time, so that warming up favours none.
    const cases = members.flatMap((member) => [1, 10].map((page) => ({ ...member, page })));
    const times = new Map(cases.map((each) => [each, [] as number[]]));
    for (let index = 0; index < REQUESTS + WARM_UP; index++) {
      const order = index % 2 === 0 ? cases : [...cases].reverse();
      for (const each of order) {
        const { elapsed } = await historyPage(t, each.cookie, each.page);
        if (index >= WARM_UP) times.get(each)?.push(elapsed);
      }
    }
    const medianOf = (size: number, page: number) =>
      median([...times].find(([each]) => each.size === size && each.page === page)?.[1] ?? []);
    // The member with 10 charges has one page; theirs is the baseline of both.
    const baseline = medianOf(SIZES[0], 1);
    const rows = [1, 10].map((page) => ({
      page,
      [`${SIZES[0]} charges (page 1), median ms`]: Number(baseline.toFixed(2)),
      [`${SIZES[1]} charges, median ms`]: Number(medianOf(SIZES[1], page).toFixed(2)),
      ratio: Number((medianOf(SIZES[1], page) / baseline).toFixed(2)),
    }));
    console.log(
      `(the member with ${SIZES[0]} asking for page 10, past their end: ${medianOf(SIZES[0], 10).toFixed(2)} ms)`,
    );
    console.table(rows);
  } finally {
    await t.close();
    // The harness keeps released databases for reuse; a script that is done closes them to exit.
    await closeIdleTestDatabases();
  }
}

await main();
