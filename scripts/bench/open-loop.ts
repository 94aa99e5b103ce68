/**
 * Latency at a fixed offered load, open loop: requests leave on a fixed schedule whether or not the
 * earlier ones were answered, and each one's latency counts from when it was due, not from when a
 * free connection sent it. A closed-loop tool (autocannon with a rate) waits for an answer before
 * the next request, so a server that stalls is asked less and its slow answers go unseen
 * ("coordinated omission"); here a stall shows in every request scheduled during it.
 */
import { Agent, request } from "node:http";

export interface OpenLoopOptions {
  url: string;
  headers?: Record<string, string>;
  /** Requests per second offered. */
  rate: number;
  seconds: number;
  /** Most sockets open at once; a request due when all are busy waits, and its wait counts. */
  maxSockets?: number;
}

export interface OpenLoopFigures {
  offered: number;
  answered: number;
  /** Answers that were not 2xx, and requests that failed without an answer. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** The `fraction` percentile (0–1) of ascending `sorted` values, nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

function send(agent: Agent, options: OpenLoopOptions): Promise<boolean> {
  return new Promise((done) => {
    const outgoing = request(options.url, { agent, headers: options.headers }, (incoming) => {
      incoming.resume();
      incoming.on("end", () => done((incoming.statusCode ?? 0) >= 200 && (incoming.statusCode ?? 0) < 300));
      incoming.on("error", () => done(false));
    });
    outgoing.on("error", () => done(false));
    outgoing.end();
  });
}

/** Offers `rate` requests per second for `seconds` and gives the latencies, in milliseconds. */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const start = performance.now();
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + index * interval;
    const wait = due - performance.now();
    // Timers are coarse: a request whose time has come goes now, late ones in a burst.
    if (wait > 1) await new Promise((ready) => setTimeout(ready, wait));
    pending.push(
      send(agent, options).then((ok) => {
        if (ok) latencies.push(performance.now() - due);
        else failed++;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    offered: total,
    answered: latencies.length,
    failed,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
  };
}
