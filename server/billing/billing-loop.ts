/**
 * The billing run inside the server (issue 44 §2): every process looks for due subscriptions a
 * little after it starts and then every minute. On PostgreSQL every worker runs it — the claim
 * (`FOR UPDATE SKIP LOCKED`) hands each due subscription to one of them; on PGlite the one
 * owning process does. `npm run billing:run` runs one pass by hand (scripts/billing-run.ts). Beside
 * it, once an hour, the purge of records past their retention (server/billing/retention.ts) and
 * of what other rooms hand it (the login provider's expired codes, tokens and sessions: server/main.ts).
 */

import { yen } from "../../schemas/yen.ts";
import type { Db } from "../db/database.ts";
import {
  type BillingDeps,
  type BillingLine,
  type BillingPassReport,
  runBillingPass,
  type SettledOrder,
} from "./renewals.ts";
import { purgeExpiredRecords } from "./retention.ts";

/** How often a process purges what has expired (ADR 0033; the provider's models): hours, not minutes, matter. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** How often each process looks for due subscriptions. */
export const BILLING_INTERVAL_MS = 60_000;
/** The first look, soon after start: what fell due while the server was stopped is billed then. */
const FIRST_PASS_DELAY_MS = 2_000;

/** One line a person can read: what happened to which subscription, for which cycle. */
export function describeBillingLine(line: BillingLine): string {
  return [
    line.cycleDay,
    line.outcome.padEnd(9),
    line.planId,
    line.amount === null ? "" : yen(line.amount),
    `${line.previousStatus} → ${line.status}`,
    line.detail ? `(${line.detail})` : "",
    line.reaped ? "[reaped]" : "",
    `contract ${line.contractId}`,
  ]
    .filter(Boolean)
    .join("  ");
}

/** One purchase a pass settled after its process died: what came of it. */
export function describeSettledOrder(order: SettledOrder): string {
  return [
    "purchase",
    order.outcome.padEnd(9),
    order.planId,
    order.amount === null ? "" : yen(order.amount),
    order.detail ? `(${order.detail})` : "",
    "[reaped]",
    `order ${order.orderId}`,
  ]
    .filter(Boolean)
    .join("  ");
}

/** The counts of a pass (the purchases it settled with them), or that nothing was due. */
export function describeBillingTotals(report: BillingPassReport): string {
  if (report.lines.length === 0 && report.orders.length === 0) return "nothing was due";
  const purchases = (outcome: SettledOrder["outcome"]) =>
    report.orders.filter((order) => order.outcome === outcome).length;
  return [
    ...Object.entries(report.totals).map(([outcome, n]) => `${n} ${outcome}`),
    ...(report.orders.length > 0
      ? [`${purchases("completed")} purchases completed`, `${purchases("failed")} purchases failed`]
      : []),
  ].join(", ");
}

export interface BillingLoop {
  /** Stops looking; waits for a pass under way to finish (its charges settle). */
  stop(): Promise<void>;
}

export function startBillingLoop(
  deps: BillingDeps,
  options: {
    now: () => Date;
    intervalMs?: number;
    firstPassDelayMs?: number;
    purgeIntervalMs?: number;
    /** Other rooms' purges of what expired, run beside the books': each answers how many rows went. */
    purges?: Readonly<Record<string, (db: Db, now: Date) => Promise<number>>>;
    log?: Pick<Console, "log" | "error">;
  },
): BillingLoop {
  const log = options.log ?? console;
  let running: Promise<void> | null = null;
  let stopped = false;
  let purgedAt = Number.NEGATIVE_INFINITY;
  const purge = async (now: Date) => {
    if (now.getTime() - purgedAt < (options.purgeIntervalMs ?? PURGE_INTERVAL_MS)) return;
    purgedAt = now.getTime();
    const purged: Record<string, number> = { ...(await purgeExpiredRecords(deps.db, now)) };
    for (const [name, purgeOf] of Object.entries(options.purges ?? {}))
      purged[name] = await purgeOf(deps.db, now);
    if (Object.values(purged).some((n) => n > 0)) {
      log.log(`[housekeeping] purged what expired: ${JSON.stringify(purged)}`);
    }
  };
  const tick = () => {
    if (running || stopped) return;
    const now = options.now();
    running = runBillingPass(deps, now)
      .then(async (report) => {
        await purge(now).catch((error: unknown) =>
          log.error("[housekeeping] the purge failed; the next hour's tries again", error),
        );
        if (report.lines.length === 0 && report.orders.length === 0) return;
        for (const line of report.lines) log.log(`[billing] ${describeBillingLine(line)}`);
        for (const order of report.orders) log.log(`[billing] ${describeSettledOrder(order)}`);
        log.log(`[billing] ${describeBillingTotals(report)}`);
      })
      .catch((error: unknown) => log.error("[billing] the pass failed; the next one tries again", error))
      .finally(() => {
        running = null;
      });
  };
  // Neither timer keeps the process alive: a stopping server does not wait for the next pass.
  const first = setTimeout(tick, options.firstPassDelayMs ?? FIRST_PASS_DELAY_MS);
  const every = setInterval(tick, options.intervalMs ?? BILLING_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
