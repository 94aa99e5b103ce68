/**
 * `npm run bench:cpu`: what a page costs the server in CPU time per request — user and system
 * time of the server's process, all its threads (/proc/{pid}/stat) — against the bare React Router
 * page (scripts/bench/bare-app) served the same way on the same Node. CPU time holds on a busy
 * machine where throughput does not: another process slows a request, it does not make it cost
 * more. Pages are loaded in turn, alternating over rounds; each figure is the median of the rounds.
 * Both sides answer uncompressed (Accept-Encoding: identity); what the product's compression adds
 * (`br`) is printed apart. A benchmark prints figures; no test asserts a time.
 *
 *   npm run bench:cpu          (BENCH_REQUESTS=600 BENCH_ROUNDS=3 BENCH_CONNECTIONS=4)
 *   BENCH_PAGES=/mypage,/plans npm run bench:cpu   (those pages and the bare page only)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../server/db/database.ts";
import { buildBoth, seedMember, startServer } from "./bench/servers.ts";
import { freePort } from "./throwaway-postgres.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PAGES = process.env.BENCH_PAGES?.split(",").map((page) => page.trim()) ?? null;
const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"]).stdout.toString().trim() || 100);

/** The CPU time the process has used so far, user and system, every thread (ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's name in parentheses: field 3 (state) first, utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Target {
  name: string;
  url: string;
  pid: number;
  headers?: Record<string, string>;
}

/** CPU ms per request of `target`'s server over `requests` requests. */
async function costOf(target: Target, requests: number, encoding = "identity"): Promise<number> {
  const before = cpuMs(target.pid);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    amount: requests,
    headers: { "accept-encoding": encoding, ...target.headers },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return (cpuMs(target.pid) - before) / requests;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main() {
  buildBoth();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-cpu-"));
  const cookie = await seedMember(await openDatabase({ dataDir, databaseUrl: null }));
  const [productPort, barePort] = [await freePort(), await freePort()];
  const product = await startServer("product", ["server/main.ts"], {
    PORT: String(productPort),
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${productPort}`,
  });
  const bare = await startServer("bare page", ["scripts/bench/bare-server.ts"], {
    PORT: String(barePort),
    NODE_ENV: "production",
  });
  try {
    if (!product.pid || !bare.pid) throw new Error("a server has no process id");
    const origin = `http://127.0.0.1:${productPort}`;
    const member = { cookie };
    const pages: Target[] = [
      { name: "/login", url: `${origin}/login`, pid: product.pid },
      { name: "/", url: `${origin}/`, pid: product.pid },
      { name: "/signup/auth", url: `${origin}/signup/auth`, pid: product.pid },
      ...["/mypage", "/mypage/edit", "/plans", "/mypage/plans", "/mypage/payment-history"].map((path) => ({
        name: `${path} (member)`,
        url: `${origin}${path}`,
        pid: product.pid as number,
        headers: member,
      })),
    ].filter(({ name }) => !PAGES || PAGES.some((page) => name === page || name.startsWith(`${page} `)));
    const barePage: Target = { name: "bare page", url: `http://127.0.0.1:${barePort}/`, pid: bare.pid };
    const targets = [barePage, ...pages];
    for (const target of targets) {
      const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
      const body = await response.text();
      console.log(`${target.name}: ${response.status}, ${(body.length / 1024).toFixed(1)} kB`);
      if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}`);
      await costOf(target, Math.ceil(REQUESTS / 3));
    }

    const costs = new Map<string, number[]>(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      // The bare page between the product's pages, so that a drift of the machine hits both.
      for (const target of pages) {
        for (const measured of [barePage, target]) {
          const cost = await costOf(measured, REQUESTS);
          costs.get(measured.name)?.push(cost);
        }
        console.log(`round ${round} ${target.name}: ${costs.get(target.name)?.at(-1)?.toFixed(2)} ms`);
      }
    }
    const bareCost = median(costs.get(barePage.name) ?? []);
    console.log(
      `\nCPU ms per request, median of ${ROUNDS} rounds of ${REQUESTS} requests, ${CONNECTIONS} connections, uncompressed\n`,
    );
    console.table(
      targets.map(({ name }) => {
        const cost = median(costs.get(name) ?? []);
        return {
          page: name,
          "CPU ms/request": Number(cost.toFixed(2)),
          "× bare": Number((cost / bareCost).toFixed(2)),
          "ratio (bare / page)": Number((bareCost / cost).toFixed(2)),
        };
      }),
    );
    // What compression adds on My Page: with and without, alternating, each the median of the rounds.
    const compressed = pages.find((page) => page.name.startsWith("/mypage ")) ?? pages[0];
    if (compressed) {
      const plain: number[] = [];
      const withBrotli: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        plain.push(await costOf(compressed, REQUESTS));
        withBrotli.push(await costOf(compressed, REQUESTS, "br"));
      }
      console.log(
        `${compressed.name}: ${median(plain).toFixed(2)} ms uncompressed, ${median(withBrotli).toFixed(2)} ms with Accept-Encoding: br — compression ${(median(withBrotli) - median(plain)).toFixed(2)} ms per request`,
      );
    }
  } finally {
    product.kill("SIGTERM");
    bare.kill("SIGTERM");
    await new Promise((done) => setTimeout(done, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
