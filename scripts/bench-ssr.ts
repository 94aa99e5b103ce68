/**
 * `npm run bench:ssr` (issue 20): how fast the product serves its pages, against a bare React Router
 * 7 page served the same way (scripts/bench/bare-app: about the login page's markup and loader
 * data; scripts/bench/bare-server.ts: Hono + createRequestHandler). Starts the production servers —
 * the bare page, the product on the embedded default, and (issue 40 §8) the product on a throwaway
 * PostgreSQL with WEB_CONCURRENCY=2 — signs a member in on each database (a session row written
 * before the server starts), then loads each page in turn with autocannon — the bare page, /login,
 * /, /signup/auth and the member's /mypage, then /login and /mypage on PostgreSQL — alternating over
 * several rounds so that a drift of the machine hits all alike, and prints req/s, p50, p99 and each
 * page's ratio to the bare page. Then the latency at a fixed offered load of half the bare page's
 * measured capacity, open loop (scripts/bench/open-loop.ts), for the bare page and the member's
 * /mypage and /plans. A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:ssr                      (BENCH_SECONDS=10 BENCH_ROUNDS=2 BENCH_CONNECTIONS=50)
 *   BENCH_PAGES=/signup/auth,/mypage npm run bench:ssr    (those pages and the bare page only)
 *
 * Every request says `Accept-Encoding: br, gzip` as browsers do, so pages are measured compressed;
 * BENCH_ENCODING=identity measures them without.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openDatabase, openPostgres } from "../server/db/database.ts";
import { type OpenLoopFigures, openLoop } from "./bench/open-loop.ts";
import { buildBoth, seedMember, startServer } from "./bench/servers.ts";
import { freePort, startThrowawayPostgres } from "./throwaway-postgres.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 3;
const ENCODING = process.env.BENCH_ENCODING ?? "br, gzip";
/** Page names to measure (a name starts with one of them); all when unset. The bare page always runs. */
const PAGES = process.env.BENCH_PAGES?.split(",").map((page) => page.trim()) ?? null;
const isMeasured = (name: string) =>
  name === "bare page" || !PAGES || PAGES.some((page) => page === name || name.startsWith(`${page} `));

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(target: Target, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": ENCODING, ...target.headers },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  buildBoth();

  const workers = 2;
  const onPostgres = `PostgreSQL, ${workers} workers`;
  const withPostgres = [`/login (${onPostgres})`, `/mypage (member, ${onPostgres})`].some(isMeasured);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-ssr-"));
  const cookie = await seedMember(await openDatabase({ dataDir, databaseUrl: null }));
  const postgres = withPostgres ? await startThrowawayPostgres() : null;
  const postgresCookie = postgres ? await seedMember(await openPostgres(postgres.url)) : "";
  const [productPort, postgresPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const children = [
    await startServer("product", ["server/main.ts"], {
      PORT: String(productPort),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${productPort}`,
    }),
    await startServer("bare page", ["scripts/bench/bare-server.ts"], {
      PORT: String(barePort),
      NODE_ENV: "production",
    }),
  ];
  if (postgres) {
    children.push(
      await startServer(
        `product on ${onPostgres}`,
        ["server/main.ts"],
        {
          PORT: String(postgresPort),
          DATA_DIR: join(dataDir, "postgres-product"),
          HOST: "127.0.0.1",
          PUBLIC_ORIGIN: `http://127.0.0.1:${postgresPort}`,
          DATABASE_URL: postgres.url,
          WEB_CONCURRENCY: String(workers),
        },
        (output) => (output.match(/worker \d+ ready/g) ?? []).length >= workers,
      ),
    );
  }
  try {
    const product = `http://127.0.0.1:${productPort}`;
    const targets: Target[] = [
      { name: "bare page", url: `http://127.0.0.1:${barePort}/` },
      { name: "/login", url: `${product}/login` },
      { name: "/", url: `${product}/` },
      { name: "/signup/auth", url: `${product}/signup/auth` },
      { name: "/mypage (member)", url: `${product}/mypage`, headers: { cookie } },
      { name: "/plans (member)", url: `${product}/plans`, headers: { cookie } },
      { name: `/login (${onPostgres})`, url: `http://127.0.0.1:${postgresPort}/login` },
      {
        name: `/mypage (member, ${onPostgres})`,
        url: `http://127.0.0.1:${postgresPort}/mypage`,
        headers: { cookie: postgresCookie },
      },
    ].filter(({ name }) => isMeasured(name) && (postgres || !name.includes("PostgreSQL")));
    for (const target of targets) {
      const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
      const body = await response.text();
      console.log(`${target.name}: ${response.status}, ${(body.length / 1024).toFixed(1)} kB`);
      if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}`);
      await load(target, WARM_UP_SECONDS);
    }

    const rounds = new Map<string, Figures[]>(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const figures = await load(target, SECONDS);
        rounds.get(target.name)!.push(figures);
        console.log(
          `round ${round} ${target.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`,
        );
      }
    }

    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const bare = mean(rounds.get("bare page")!.map((figures) => figures.requestsPerSecond));
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating, Accept-Encoding: ${ENCODING}\n`,
    );
    console.table(
      targets.map(({ name }) => {
        const all = rounds.get(name)!;
        const requestsPerSecond = mean(all.map((figures) => figures.requestsPerSecond));
        return {
          page: name,
          "req/s": Math.round(requestsPerSecond),
          "p50 ms": Math.max(...all.map((figures) => figures.p50)),
          "p99 ms": Math.max(...all.map((figures) => figures.p99)),
          "ratio to bare": Number((requestsPerSecond / bare).toFixed(2)),
          "non-2xx": all.reduce((sum, figures) => sum + figures.non2xx, 0),
          errors: all.reduce((sum, figures) => sum + figures.errors, 0),
        };
      }),
    );

    // Latency at half the bare page's capacity, open loop: what a member waits at a steady load.
    const offered = Math.round(bare / 2);
    const openLoopTargets = targets.filter(({ name }) =>
      ["bare page", "/mypage (member)", "/plans (member)"].includes(name),
    );
    const latencies = new Map<string, OpenLoopFigures[]>(openLoopTargets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of openLoopTargets) {
        const figures = await openLoop({
          url: target.url,
          headers: { "accept-encoding": ENCODING, ...target.headers },
          rate: offered,
          seconds: SECONDS,
        });
        latencies.get(target.name)?.push(figures);
        console.log(
          `open loop round ${round} ${target.name}: p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
        );
      }
    }
    console.log(
      `\nOpen loop at ${offered} req/s offered (half the bare page's ${Math.round(bare)}), ${ROUNDS} rounds of ${SECONDS} s\n`,
    );
    console.table(
      openLoopTargets.map(({ name }) => {
        const all = latencies.get(name) ?? [];
        return {
          page: name,
          "p50 ms": Math.max(...all.map((figures) => figures.p50)),
          "p99 ms": Math.max(...all.map((figures) => figures.p99)),
          "max ms": Math.max(...all.map((figures) => figures.max)),
          failed: all.reduce((sum, figures) => sum + figures.failed, 0),
        };
      }),
    );
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await new Promise((done) => setTimeout(done, 1000));
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
