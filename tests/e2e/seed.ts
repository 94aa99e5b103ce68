/**
 * Members in states the site cannot yet produce through its own pages (an address never proved,
 * no password, as accounts from a social provider or a migration have), written to the e2e database before
 * its server starts (playwright.config.ts). Each spec that uses one owns it: a seeded member is
 * used once per run.
 */
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { addDays, dayOfMonth } from "../../schemas/billing-calendar.ts";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import { japanDay } from "../../schemas/japan-time.ts";
import { type Db, openDatabase } from "../../server/db/database.ts";
import { accounts, charges, contracts, sessions, staff } from "../../server/db/schema.ts";
import { enableMethod } from "../../server/identity/multi-factor-methods.ts";
import { createPasswordHasher } from "../../server/identity/passwords.ts";
import { agreementTo, policiesInForce, recordConsents } from "../../server/identity/policy-records.ts";
import { hashToken } from "../../server/kit/tokens.ts";
import { savePaymentMethod } from "../../server/payments/payment-methods.ts";
import { charge, createCardToken, registerCard } from "../../server/payments/sandbox/processor.ts";
import { loadPolicies } from "../../server/store/policy-source.ts";
import {
  CONSOLE_ROLE_STAFF,
  CONSOLE_SETTINGS_STAFF,
  CONSOLE_STAFF,
  PASSKEY_ONLY_MEMBER,
  PASSWORDLESS_MEMBERS,
  PAYMENT_MEMBERS,
  PLAN_CHANGE_MEMBERS,
  REFUND_CASE_MEMBER,
  RENEWAL_MEMBERS,
  SEEDED_PASSWORD,
  STALE_SESSION_MEMBERS,
  SUPPORT_CASE_MEMBER,
  UNVERIFIED_MEMBERS,
  USER_ID_HOLDER,
} from "./seeded-members.ts";

const SANDBOX_MERCHANT = { merchantId: "sandbox-merchant", serviceId: "001" };

/** A card the sandbox holds for the member, saved as the payment-method page saves it. */
async function seedCard(db: Db, accountId: string, cardNumber: string, now: Date) {
  const token = await createCardToken(
    db,
    SANDBOX_MERCHANT,
    { ...SANDBOX_MERCHANT, ccNumber: cardNumber, ccExpiration: "203012", securityCode: "123" },
    now,
  );
  if (token.result !== "OK") throw new Error(token.errorCode);
  const registered = await registerCard(
    db,
    SANDBOX_MERCHANT,
    {
      customerRef: accountId,
      token: token.tokenResponse.token,
      tokenKey: token.tokenResponse.tokenKey,
      returnUrl: "/",
    },
    now,
  );
  if (registered.status !== "succeeded") throw new Error(`the seeded card ${cardNumber} was not registered`);
  return savePaymentMethod(db, accountId, registered.method, now);
}

/** The monthly plan due today (Japan), paid by the declining card; the paying card saved beside it. */
async function seedDueSubscription(db: Db, accountId: string, now: Date) {
  const declining = await seedCard(db, accountId, "4000000000000341", now);
  await seedCard(db, accountId, "4242424242424242", new Date(now.getTime() + 1000));
  const today = japanDay(now);
  await db.insert(contracts).values({
    accountId,
    planId: "standard-monthly",
    planType: "subscription",
    subscriptionStatus: "ONGOING_CONTRACT",
    paymentMethodId: declining.id,
    anchorDay: dayOfMonth(today),
    nextSettlementDay: today,
    createdAt: now,
  });
}

/** The monthly plan as a purchase and its renewals leave it, paid for its period, due ten days on. */
async function seedMonthlySubscription(db: Db, accountId: string, now: Date) {
  const card = await seedCard(db, accountId, "4242424242424242", now);
  const due = addDays(japanDay(now), 10);
  await db.insert(contracts).values({
    accountId,
    planId: "standard-monthly",
    planType: "subscription",
    subscriptionStatus: "ONGOING_CONTRACT",
    paymentMethodId: card.id,
    anchorDay: dayOfMonth(due),
    nextSettlementDay: due,
    periodAmount: 990,
    createdAt: now,
  });
}

/** A purchase of the monthly plan for ¥990, taken from the member's card three days before. */
async function seedTakenCharge(db: Db, accountId: string, now: Date) {
  const card = await seedCard(db, accountId, "4242424242424242", now);
  const at = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
  const idempotencyKey = `seed:${randomUUID()}`;
  const taken = await charge(
    db,
    SANDBOX_MERCHANT,
    { methodRef: card.providerRef, customerRef: accountId, amount: 990, idempotencyKey },
    at,
  );
  if (taken.status !== "succeeded") throw new Error("the seeded charge was not taken");
  const tax = taxBreakdown(990);
  await db.insert(charges).values({
    accountId,
    idempotencyKey,
    planId: "standard-monthly",
    paymentMethodId: card.id,
    amount: 990,
    taxAmount: tax.taxAmount,
    taxRate: tax.taxRate,
    status: "succeeded",
    providerRef: taken.charge.ref,
    createdAt: at,
    settledAt: at,
  });
}

/** Staff members with a set-up link, as `npm run staff:add` leaves them (an owner unless told). */
async function seedStaff(
  db: Db,
  members: readonly { email: string; setupToken: string; role?: "support" | "finance" }[],
  now: Date,
) {
  for (const { email, setupToken, ...rest } of members) {
    await db.insert(staff).values({
      email,
      role: rest.role ?? "owner",
      setupTokenHash: hashToken(setupToken),
      setupExpiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    });
  }
}

/** The store-edits lane's server: no members, only the staff member who edits the store in the console. */
async function seedStoreEditsLane(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await seedStaff(database.db, [CONSOLE_SETTINGS_STAFF], new Date());
  } finally {
    await database.close();
  }
}

/** The policies in force, as every seeded member has agreed to them. */
function policiesAgreed(now: Date) {
  const root = resolve(import.meta.dirname, "../..");
  return agreementTo(policiesInForce(loadPolicies(join(root, "config", "policies")), now, "ja"));
}

/** A member as sign-up would leave them, having agreed to the policies in force. */
async function insertMember(
  db: Db,
  member: { email: string; userId?: string; verified: boolean; passwordHash: string | null },
  now: Date,
): Promise<{ id: string }> {
  const [account] = await db
    .insert(accounts)
    .values({
      publicId: randomUUID(),
      email: member.email,
      contactEmail: member.email,
      emailVerifiedAt: member.verified ? now : null,
      userId: member.userId ?? null,
      passwordHash: member.passwordHash,
      passwordUpdatedAt: member.passwordHash ? now : null,
      passwordStrength: "LOWER_DIGIT",
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error(`the seeded member ${member.email} was not inserted`);
  await recordConsents(db, account.id, policiesAgreed(now), now);
  return account;
}

/** The passkeys lane's server: a member without a password, who logs in by mailed codes. */
async function seedPasskeysLane(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await insertMember(
      database.db,
      { email: PASSKEY_ONLY_MEMBER, verified: true, passwordHash: null },
      new Date(),
    );
  } finally {
    await database.close();
  }
}

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    const now = new Date();
    const passwordHash = await createPasswordHasher().hash(SEEDED_PASSWORD);
    const members = [
      ...Object.values(UNVERIFIED_MEMBERS).map((email) => ({ email, verified: false, passwordHash })),
      ...Object.values(PASSWORDLESS_MEMBERS).map((email) => ({ email, verified: true, passwordHash: null })),
      { email: USER_ID_HOLDER.email, userId: USER_ID_HOLDER.userId, verified: true, passwordHash },
      ...Object.values(PAYMENT_MEMBERS).map((email) => ({ email, verified: true, passwordHash })),
      ...Object.values(RENEWAL_MEMBERS).map((email) => ({
        email,
        verified: true,
        passwordHash,
        renewal: true,
      })),
      ...Object.values(PLAN_CHANGE_MEMBERS).map((email) => ({
        email,
        verified: true,
        passwordHash,
        monthly: true,
      })),
      ...Object.values(STALE_SESSION_MEMBERS).map(({ email, sessionToken }) => ({
        email,
        verified: true,
        passwordHash,
        sessionToken,
      })),
      { ...SUPPORT_CASE_MEMBER, verified: true, passwordHash, monthly: true },
      { email: REFUND_CASE_MEMBER, verified: true, passwordHash, charged: true },
    ];
    for (const member of members) {
      const account = await insertMember(database.db, member, now);
      if ("renewal" in member) await seedDueSubscription(database.db, account.id, now);
      if ("monthly" in member) await seedMonthlySubscription(database.db, account.id, now);
      if ("charged" in member) await seedTakenCharge(database.db, account.id, now);
      if ("sessionToken" in member) {
        const loggedInAt = new Date(now.getTime() - 20 * 60 * 1000);
        await enableMethod(database.db, account.id, "Email", {}, loggedInAt);
        await database.db.insert(sessions).values({
          tokenHash: hashToken(member.sessionToken),
          accountId: account.id,
          createdAt: loggedInAt,
          lastSeenAt: loggedInAt,
          authenticatedAt: loggedInAt,
          expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
        });
      }
    }
    await seedStaff(
      database.db,
      [...Object.values(CONSOLE_STAFF), ...Object.values(CONSOLE_ROLE_STAFF)],
      now,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const [, , dataDir, lane] = process.argv;
  if (!dataDir) throw new Error("usage: tsx tests/e2e/seed.ts <data dir> [--store-edits | --passkeys]");
  const lanes: Record<string, (dataDir: string) => Promise<void>> = {
    "--store-edits": seedStoreEditsLane,
    "--passkeys": seedPasskeysLane,
  };
  await (lanes[lane ?? ""] ?? seed)(dataDir);
}
