/**
 * Login-history benchmark (issue 25 §1): is the page as fast for a member with 100,000 logins as
 * for one with 100? Builds the API in-process as the tests do (in-memory PGlite), gives one member
 * 100 rows and another 100,000, then times the screen data of the first page and of a page deep in
 * the history (reached by its cursor) for each, alternating, and prints the medians and the ratio.
 * A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:login-history
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
const SIZES = [100, 100_000] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `count` logins for the account, one a minute back from now, in one statement. */
async function seed(t: TestApi, accountId: string, count: number): Promise<void> {
  await t.db.execute(sql`
    insert into login_history (account_id, created_at, ip, result, user_identifier_name, login_method, device_info, browser_info, country)
    select ${accountId}::uuid, date_trunc('milliseconds', now()) - (n || ' minutes')::interval,
           '203.0.113.' || (n % 250), n % 7 <> 0, 'bench@example.jp', 'Password', 'PC', 'Chrome 124', 'JP'
    from generate_series(1, ${count}) as n`);
  await t.db.execute(sql`analyze login_history`);
}

async function screenData(t: TestApi, cookie: string, before?: string) {
  const query = before ? `?before=${encodeURIComponent(before)}` : "";
  const started = performance.now();
  const response = await t.api.request(`/zapi/internal/mypage/login-history/screen-data${query}`, {
    headers: { cookie },
  });
  const body = (await response.json()) as { items: unknown[]; nextCursor: string | null };
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.items.length === 0) throw new Error(`answered ${response.status}`);
  return { elapsed, nextCursor: body.nextCursor };
}

async function main() {
  const t = await createTestApi();
  try {
    const members = [];
    for (const size of SIZES) {
      const member = await insertSignedInAccount(t);
      await seed(t, member.accountId, size);
      const cookie = `sid=${member.sessionToken}`;
      // A cursor four pages in: far enough to be past the first page's rows, present in both sizes.
      let deep: string | undefined;
      for (let page = 0; page < 4; page++) deep = (await screenData(t, cookie, deep)).nextCursor ?? undefined;
      members.push({ size, cookie, deep });
    }

    console.log(
      `login-history benchmark: ${REQUESTS} requests per case (after ${WARM_UP} warm-up), alternating`,
    );
    const rows = [];
    for (const page of ["first page", "5th page"] as const) {
      const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
      for (let index = 0; index < REQUESTS + WARM_UP; index++) {
        const order = index % 2 === 0 ? members : [...members].reverse();
        for (const member of order) {
          const { elapsed } = await screenData(
            t,
            member.cookie,
            page === "first page" ? undefined : member.deep,
          );
          if (index >= WARM_UP) times.get(member.size)?.push(elapsed);
        }
      }
      const small = median(times.get(SIZES[0]) ?? []);
      const large = median(times.get(SIZES[1]) ?? []);
      rows.push({
        page,
        [`${SIZES[0]} rows, median ms`]: Number(small.toFixed(2)),
        [`${SIZES[1]} rows, median ms`]: Number(large.toFixed(2)),
        ratio: Number((large / small).toFixed(2)),
      });
    }
    console.table(rows);
  } finally {
    await t.close();
    // The harness keeps released databases for reuse; a script that is done closes them to exit.
    await closeIdleTestDatabases();
  }
}

await main();
