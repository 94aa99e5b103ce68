/**
 * Exactly once with several processes on one PostgreSQL (issue 44, "Done when"): two processes run
 * the billing pass at the same moment against 1,000 due subscriptions, ten cycles in a row, and
 * each subscription is charged once per cycle — by our records and by the provider's. Then a
 * `npm run billing:run` killed mid-run is restarted after the reaper's delay, and nothing is lost
 * or doubled. Needs a PostgreSQL server (TEST_DATABASE_URL, which npm test sets).
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { resolve } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementDay } from "../../schemas/billing-calendar.ts";
import { japanMidnight } from "../../schemas/japan-time.ts";
import { REAP_AFTER_MS } from "../../server/billing/renewals.ts";
import { type Database, openPostgres } from "../../server/db/database.ts";
import {
  accounts,
  charges,
  contracts,
  paymentMethods,
  sandboxCharges,
  sandboxMethods,
} from "../../server/db/schema.ts";
import type { PassAnswer, PassRequest } from "../billing-process.ts";

const root = resolve(import.meta.dirname, "../..");
const serverUrl = process.env.TEST_DATABASE_URL;
const SUBSCRIPTIONS = 1_000;
const CYCLES = 10;
const FIRST_DAY = "2027-01-01";

/** The Japan midnight of the n-th monthly cycle (0 = FIRST_DAY), as --now takes it. */
const cycleDay = (n: number) => settlementDay(FIRST_DAY, n, 1, "months", 1);
const clockOf = (day: string, plusMs = 0) =>
  new Date(japanMidnight(day).getTime() + plusMs).toISOString().replace("Z", "+00:00");

async function freshDatabase(): Promise<string> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `billing_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function billingRun(databaseUrl: string, now: string): Run {
  // Node itself with tsx's loader (not the tsx wrapper, whose child a kill would not reach).
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/billing-run.ts", `--now=${now}`], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: "http://localhost:3000" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<Awaited<Run["done"]>>((settle) =>
    child.on("close", (code, signal) => settle({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

/** A billing process kept open (tests/billing-process.ts): a pass per clock it is sent. */
interface BillingProcess {
  pass(now: string): Promise<Record<string, number>>;
  close(): Promise<void>;
}

async function billingProcess(databaseUrl: string): Promise<BillingProcess> {
  const child = fork(resolve(root, "tests/billing-process.ts"), [], {
    cwd: root,
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: "http://localhost:3000" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((settle) => child.on("exit", () => settle()));
  const answer = () =>
    new Promise<Record<string, number>>((settle, fail) => {
      const onExit = (code: number | null) => fail(new Error(`the billing process exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (message: PassAnswer) => {
        child.off("exit", onExit);
        if ("error" in message) fail(new Error(message.error));
        else settle(message.totals);
      });
    });
  await answer();
  return {
    pass(now) {
      const answered = answer();
      child.send({ now } satisfies PassRequest);
      return answered;
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

describe.skipIf(!serverUrl)("the billing run in two processes on one PostgreSQL", () => {
  let database: Database;
  let databaseUrl = "";

  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    database = await openPostgres(databaseUrl, { maxConnections: 4 });
    const { db } = database;
    const ids = Array.from({ length: SUBSCRIPTIONS }, (_, i) => i);
    const made = await db
      .insert(accounts)
      .values(ids.map((i) => ({ publicId: `billing-${i}`, email: `billing-${i}@example.jp` })))
      .returning({ id: accounts.id });
    // The sandbox's record of each member's card, as a registration leaves it.
    await db.insert(sandboxMethods).values(
      made.map((account, i) => ({
        ref: `pm_billing_${i}`,
        merchantId: "sandbox-merchant",
        customerRef: account.id,
        type: "SbpsCredit" as const,
        brand: "V" as const,
        last4: "4242",
        expiry: "203012",
        behaviour: "succeed" as const,
        status: "active" as const,
      })),
    );
    const methods = await db
      .insert(paymentMethods)
      .values(
        made.map((account, i) => ({
          accountId: account.id,
          type: "SbpsCredit" as const,
          providerRef: `pm_billing_${i}`,
          cardBrand: "V" as const,
          cardLast4: "4242",
          cardExpiry: "203012",
        })),
      )
      .returning({ id: paymentMethods.id, accountId: paymentMethods.accountId });
    await db.insert(contracts).values(
      methods.map((method) => ({
        accountId: method.accountId,
        planId: "standard-monthly",
        planType: "subscription" as const,
        subscriptionStatus: "ONGOING_CONTRACT" as const,
        paymentMethodId: method.id,
        anchorDay: 1,
        nextSettlementDay: FIRST_DAY,
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  /** Per cycle day: our succeeded charges, and the provider's charges. */
  async function chargedIn(day: string) {
    const { db } = database;
    const [ours] = await db
      .select({ n: count(), contracts: sql<number>`count(DISTINCT ${charges.contractId})` })
      .from(charges)
      .where(and(eq(charges.cycleDay, day), eq(charges.status, "succeeded")));
    const [provider] = await db
      .select({ n: count() })
      .from(sandboxCharges)
      .where(sql`${sandboxCharges.idempotencyKey} LIKE ${`renewal:%:${day}:%`}`);
    const [pending] = await db.select({ n: count() }).from(charges).where(eq(charges.status, "pending"));
    return {
      ours: Number(ours?.n),
      contracts: Number(ours?.contracts),
      provider: Number(provider?.n),
      pending: Number(pending?.n),
    };
  }

  async function nextDays() {
    const rows = await database.db
      .select({ day: contracts.nextSettlementDay, n: count() })
      .from(contracts)
      .groupBy(contracts.nextSettlementDay);
    return Object.fromEntries(rows.map((row) => [row.day, Number(row.n)]));
  }

  it(`charges each of ${SUBSCRIPTIONS} due subscriptions exactly once per cycle, ${CYCLES} cycles in a row`, async () => {
    const processes = await Promise.all([billingProcess(databaseUrl), billingProcess(databaseUrl)]);
    try {
      const renewedBy = [0, 0];
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const totals = await billCycle(cycle, processes);
        for (const [index, each] of totals.entries())
          renewedBy[index] = (renewedBy[index] ?? 0) + (each.renewed ?? 0);
      }
      // Both took part: the claims ran at the same time and handed out disjoint batches.
      expect(Math.min(...renewedBy), String(renewedBy)).toBeGreaterThan(0);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
    }
  }, 600_000);

  async function billCycle(cycle: number, [a, b]: BillingProcess[]) {
    if (!a || !b) throw new Error("two processes");
    const day = cycleDay(cycle);
    const now = clockOf(day, 60_000);
    // Both processes run a pass at the same moment against the same due subscriptions.
    const totals = await Promise.all([a.pass(now), b.pass(now)]);
    // Between them each subscription was renewed once, and nothing else happened.
    expect(totals.reduce((sum, each) => sum + (each.renewed ?? 0), 0)).toBe(SUBSCRIPTIONS);
    for (const each of totals) {
      expect({ ...each, renewed: 0 }).toEqual({
        renewed: 0,
        declined: 0,
        ended: 0,
        unsettled: 0,
        skipped: 0,
      });
    }
    expect(await chargedIn(day)).toEqual({
      ours: SUBSCRIPTIONS,
      contracts: SUBSCRIPTIONS,
      provider: SUBSCRIPTIONS,
      pending: 0,
    });
    expect(await nextDays()).toEqual({ [cycleDay(cycle + 1)]: SUBSCRIPTIONS });
    return totals;
  }

  it("a process killed mid-run and a restart after the reaper's delay lose and double nothing", async () => {
    const day = cycleDay(CYCLES);
    const killed = billingRun(databaseUrl, clockOf(day, 60_000));
    // Let it charge some, then kill it without warning while a batch's charges are under way.
    for (;;) {
      const { ours, pending } = await chargedIn(day);
      if (ours >= SUBSCRIPTIONS / 4 && pending > 0) break;
      await new Promise((wait) => setTimeout(wait, 25));
    }
    killed.child.kill("SIGKILL");
    const end = await killed.done;
    expect(end.signal).toBe("SIGKILL");
    const left = await chargedIn(day);
    expect(left.ours).toBeLessThan(SUBSCRIPTIONS);

    // Restarted past the reaper's delay: stale pending charges are settled from the provider's
    // record, the rest are charged.
    const restart = await billingRun(databaseUrl, clockOf(day, 60_000 + REAP_AFTER_MS + 60_000)).done;
    expect(restart.code, restart.stderr).toBe(0);
    expect(await chargedIn(day)).toEqual({
      ours: SUBSCRIPTIONS,
      contracts: SUBSCRIPTIONS,
      provider: SUBSCRIPTIONS,
      pending: 0,
    });
    expect(await nextDays()).toEqual({ [cycleDay(CYCLES + 1)]: SUBSCRIPTIONS });
    // Nothing was charged under two keys for one cycle (a pending charge the provider never saw is
    // marked NOT_SENT; any other failure would be a decline, and there were none).
    const failures = await database.db
      .select({ code: charges.failureCode, n: count() })
      .from(charges)
      .where(eq(charges.status, "failed"))
      .groupBy(charges.failureCode);
    for (const failure of failures) expect(failure.code).toBe("NOT_SENT");
  }, 300_000);
});
