/**
 * `npm run billing:run -- --now=…` on a stopped embedded default (issue 44 §2): it bills what is
 * due at that clock, prints what it did, and exits 0; it refuses a clock without an offset, and a
 * database a running process owns.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../server/db/database.ts";
import { accounts, charges, contracts } from "../server/db/schema.ts";
import { savePaymentMethod } from "../server/payments/payment-methods.ts";
import { createCardToken, registerCard } from "../server/payments/sandbox/processor.ts";
import { runScript } from "../tests/run-script.ts";
import { clockOf } from "./billing-run.ts";
import { UsageError } from "./command.ts";

const merchant = { merchantId: "sandbox-merchant", serviceId: "001" };
let dataDir: string;

function billingRun(...args: string[]) {
  return runScript("scripts/billing-run.ts", args, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_ORIGIN: "https://soramiru.example.jp",
  });
}

let dueId = "";
let laterId = "";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "billing-run-"));
  const database = await openPglite(join(dataDir, "db"));
  const { db } = database;
  const now = new Date("2027-01-20T03:00:00Z");
  const [account] = await db
    .insert(accounts)
    .values({ publicId: "billing-run", email: "run@example.jp", contactEmail: "run@example.jp" })
    .returning({ id: accounts.id });
  const accountId = account?.id ?? "";
  const token = await createCardToken(
    db,
    merchant,
    { ...merchant, ccNumber: "4242424242424242", ccExpiration: "203012", securityCode: "123" },
    now,
  );
  if (token.result !== "OK") throw new Error(token.errorCode);
  const registered = await registerCard(
    db,
    merchant,
    {
      customerRef: accountId,
      token: token.tokenResponse.token,
      tokenKey: token.tokenResponse.tokenKey,
      returnUrl: "x",
    },
    now,
  );
  if (registered.status !== "succeeded") throw new Error(registered.status);
  const method = await savePaymentMethod(db, accountId, registered.method, now);
  const subscription = { accountId, planType: "subscription" as const, paymentMethodId: method.id };
  const [due] = await db
    .insert(contracts)
    .values({
      ...subscription,
      planId: "standard-monthly",
      subscriptionStatus: "ONGOING_CONTRACT",
      anchorDay: 31,
      nextSettlementDay: "2027-01-31",
    })
    .returning({ id: contracts.id });
  const [later] = await db
    .insert(contracts)
    .values({
      ...subscription,
      planId: "standard-annual",
      subscriptionStatus: "NEW_CONTRACT",
      anchorDay: 15,
      nextSettlementDay: "2027-02-15",
    })
    .returning({ id: contracts.id });
  dueId = due?.id ?? "";
  laterId = later?.id ?? "";
  await database.close();
}, 60_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run billing:run", () => {
  it("bills what is due at the clock it is given, prints a line per subscription and a summary", async () => {
    const run = await billingRun("--now=2027-01-31T00:00:00+09:00");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe("billing run at 2027-01-30T15:00:00.000Z (Japan day 2027-01-31) on pglite");
    expect(lines[1]).toMatch(
      new RegExp(
        `^2027-01-31  renewed  +standard-monthly  ¥990  ONGOING_CONTRACT → ONGOING_CONTRACT  contract ${dueId}$`,
      ),
    );
    expect(lines[2]).toBe("1 renewed, 0 declined, 0 ended, 0 unsettled, 0 skipped");
    expect(lines).toHaveLength(3);

    // Run again at the same clock: nothing is due, nothing is charged twice.
    const again = await billingRun("--now=2027-01-31T00:00:00+09:00");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("nothing was due");

    const database = await openPglite(join(dataDir, "db"));
    try {
      const rows = await database.db.select().from(contracts);
      expect(rows.find((row) => row.id === dueId)?.nextSettlementDay).toBe("2027-02-28");
      expect(rows.find((row) => row.id === laterId)?.nextSettlementDay).toBe("2027-02-15");
      const taken = await database.db.select().from(charges).where(eq(charges.contractId, dueId));
      expect(taken.map((row) => [row.cycleDay, row.amount, row.status])).toEqual([
        ["2027-01-31", 990, "succeeded"],
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses while another process owns the embedded database, changing nothing", async () => {
    const database = await openPglite(join(dataDir, "db"));
    try {
      const run = await billingRun("--now=2027-02-15T00:00:00+09:00");
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^✖ The embedded database in .* is in use by another process/);
      const [later] = await database.db.select().from(contracts).where(eq(contracts.id, laterId));
      expect(later?.nextSettlementDay).toBe("2027-02-15");
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("clockOf (--now)", () => {
  it("takes an instant with its offset, or the real clock without one", () => {
    expect(clockOf(["--now=2027-01-31T00:00:00+09:00"]).toISOString()).toBe("2027-01-30T15:00:00.000Z");
    expect(clockOf(["--now=2027-01-31T00:00Z"]).toISOString()).toBe("2027-01-31T00:00:00.000Z");
    expect(Math.abs(clockOf([]).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("refuses a date without a time or offset, an impossible date, and other arguments", () => {
    for (const argv of [
      ["--now=2027-01-31"],
      ["--now=2027-01-31T00:00:00"],
      ["--now=2027-02-30T00:00:00+09:00x"],
      ["--dry-run"],
    ]) {
      expect(() => clockOf(argv)).toThrow(UsageError);
    }
  });
});
