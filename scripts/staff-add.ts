/**
 * `npm run staff:add -- --email ops@example.jp --role owner`: adds a staff member of the operator
 * console and prints their one-time set-up link (valid 24 hours), where they choose a password and
 * add an authenticator app. Against DATA_DIR / DATABASE_URL; on the embedded database the server
 * must be stopped (PGlite has one owning process). Roles: owner, configuration, support, finance.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { addStaff, STAFF_ROLES, StaffError } from "../server/console/staff.ts";
import { openDatabase } from "../server/db/database.ts";
import { DirectoryLockedError } from "../server/db/directory-lock.ts";
import { type Env, EnvError, parseEnv } from "../server/env.ts";
import { createPasswordHasher } from "../server/identity/passwords.ts";
import { createSecretBox, loadSecretKey, SecretKeyError } from "../server/kit/secret-box.ts";
import { runAsCommand, UsageError } from "./command.ts";

/** Adds the staff member and answers their set-up link and when it stops working. */
export async function addStaffMember(
  env: Env,
  input: { email: string; role: string },
  now: Date,
): Promise<{ link: string; expiresAt: Date }> {
  const secretBox = createSecretBox(loadSecretKey(env.encryptionKey, resolve(env.dataDir, "encryption.key")));
  const database = await openDatabase(env);
  try {
    const { setupToken, expiresAt } = await addStaff(
      { db: database.db, secretBox, passwords: createPasswordHasher(), now: () => now },
      input,
      { staffId: null, ip: null },
    );
    const link = `${env.publicOrigin}/console/setup?${new URLSearchParams({ token: setupToken })}`;
    return { link, expiresAt };
  } finally {
    await database.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let values: { email?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { email: { type: "string" }, role: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.email || !values.role) {
    throw new UsageError(`usage: npm run staff:add -- --email <address> --role <${STAFF_ROLES.join("|")}>`);
  }
  try {
    const { link, expiresAt } = await addStaffMember(
      parseEnv(),
      { email: values.email, role: values.role },
      new Date(),
    );
    console.log(`staff member ${values.email.trim().toLowerCase()} (${values.role}) added.`);
    console.log(`Set-up link, once, until ${expiresAt.toISOString()} — hand it to them privately:`);
    console.log(`  ${link}`);
    return 0;
  } catch (error) {
    const reasons: Partial<Record<StaffError["code"], string>> = {
      INVALID_EMAIL: `${values.email} is not an e-mail address`,
      INVALID_ROLE: `the role must be one of ${STAFF_ROLES.join(", ")}`,
      EMAIL_TAKEN: `${values.email} is already a staff member`,
    };
    const reason = error instanceof StaffError ? reasons[error.code] : undefined;
    if (reason) throw new UsageError(reason);
    throw error;
  }
}

runAsCommand(import.meta.url, main, [EnvError, DirectoryLockedError, SecretKeyError]);
