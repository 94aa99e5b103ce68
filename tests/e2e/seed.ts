/**
 * Members in states the site cannot yet produce through its own pages (an address never proved,
 * no password, as accounts from a social provider or a migration have), written to the e2e database before
 * its server starts (playwright.config.ts). Each spec that uses one owns it: a seeded member is
 * used once per run.
 */
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { openDatabase } from "../../server/db/database.ts";
import { accounts, sessions } from "../../server/db/schema.ts";
import { enableMethod } from "../../server/services/multi-factor.ts";
import { createPasswordHasher } from "../../server/services/passwords.ts";
import { agreementTo, policiesInForce, recordConsents } from "../../server/services/policies.ts";
import { hashToken } from "../../server/services/tokens.ts";
import { loadPolicies } from "../../server/store/policy-source.ts";
import {
  PASSWORDLESS_MEMBERS,
  PAYMENT_MEMBERS,
  SEEDED_PASSWORD,
  STALE_SESSION_MEMBERS,
  UNVERIFIED_MEMBERS,
  USER_ID_HOLDER,
} from "./seeded-members.ts";

async function seed(dataDir: string): Promise<void> {
  const root = resolve(import.meta.dirname, "../..");
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    const now = new Date();
    const inForce = policiesInForce(loadPolicies(join(root, "config", "policies")), now, "ja");
    const passwordHash = await createPasswordHasher().hash(SEEDED_PASSWORD);
    const members = [
      ...Object.values(UNVERIFIED_MEMBERS).map((email) => ({ email, verified: false, passwordHash })),
      ...Object.values(PASSWORDLESS_MEMBERS).map((email) => ({ email, verified: true, passwordHash: null })),
      { email: USER_ID_HOLDER.email, userId: USER_ID_HOLDER.userId, verified: true, passwordHash },
      ...Object.values(PAYMENT_MEMBERS).map((email) => ({ email, verified: true, passwordHash })),
      ...Object.values(STALE_SESSION_MEMBERS).map(({ email, sessionToken }) => ({
        email,
        verified: true,
        passwordHash,
        sessionToken,
      })),
    ];
    for (const member of members) {
      const [account] = await database.db
        .insert(accounts)
        .values({
          publicId: randomUUID(),
          email: member.email,
          contactEmail: member.email,
          emailVerifiedAt: member.verified ? now : null,
          userId: "userId" in member ? member.userId : null,
          passwordHash: member.passwordHash,
          passwordUpdatedAt: member.passwordHash ? now : null,
          passwordStrength: "LOWER_DIGIT",
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error(`the seeded member ${member.email} was not inserted`);
      await recordConsents(database.db, account.id, agreementTo(inForce), now);
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
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: tsx tests/e2e/seed.ts <data dir>");
  await seed(dataDir);
}
