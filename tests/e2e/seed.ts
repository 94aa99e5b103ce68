/**
 * Members in states the site cannot yet produce through its own pages (an address never proved,
 * as accounts from a social provider or a migration have), written to the e2e database before
 * its server starts (playwright.config.ts). Each spec that uses one owns it: a seeded member is
 * used once per run.
 */
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { openDatabase } from "../../server/db/database.ts";
import { accounts } from "../../server/db/schema.ts";
import { createPasswordHasher } from "../../server/services/passwords.ts";
import { agreementTo, policiesInForce, recordConsents } from "../../server/services/policies.ts";
import { loadPolicies } from "../../server/store/policy-source.ts";
import { SEEDED_PASSWORD, UNVERIFIED_MEMBERS } from "./seeded-members.ts";

async function seed(dataDir: string): Promise<void> {
  const root = resolve(import.meta.dirname, "../..");
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    const now = new Date();
    const inForce = policiesInForce(loadPolicies(join(root, "config", "policies")), now, "ja");
    const passwordHash = await createPasswordHasher().hash(SEEDED_PASSWORD);
    for (const email of Object.values(UNVERIFIED_MEMBERS)) {
      const [account] = await database.db
        .insert(accounts)
        .values({
          publicId: randomUUID(),
          email,
          contactEmail: email,
          emailVerifiedAt: null,
          passwordHash,
          passwordUpdatedAt: now,
          passwordStrength: "LOWER_DIGIT",
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error(`the seeded member ${email} was not inserted`);
      await recordConsents(database.db, account.id, agreementTo(inForce), now);
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
