/**
 * The member's passkeys (ADR 0050): WebAuthn discoverable credentials kept as their public key,
 * the signature counter last seen and whether they are synced between devices. What is kept here
 * is what the ceremonies (passkey-routes.ts) check against and what my page lists.
 */
import { and, asc, count, eq } from "drizzle-orm";
import UAParser from "ua-parser-js";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { externalIdentities, passkeys } from "../db/schema.ts";
import type { Account } from "./accounts.ts";
import { USER_AGENT_MAX_LENGTH } from "./login-history.ts";

export type Passkey = typeof passkeys.$inferSelect;

/** How many passkeys one account may hold: enough for every device a household has, not a dump. */
export const MAX_PASSKEYS = 20;
/** The longest name a member may give a passkey. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** One passkey as my page lists it. */
export interface PasskeyView {
  passkeyId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between the member's devices (backed up), or bound to the one it was made on. */
  synced: boolean;
}

export function passkeyView(passkey: Passkey): PasskeyView {
  return {
    passkeyId: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    synced: passkey.backedUp,
  };
}

/** The account's passkeys, oldest first. */
export function passkeysOf(db: Db, accountId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt));
}

/** The passkey the browser's credential id names, whoever's it is, or null. */
export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<Passkey | null> {
  const [found] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return found ?? null;
}

/** The account's passkey of this id, or null (another member's is as good as none). */
export async function findOwnPasskey(db: Db, accountId: string, passkeyId: string): Promise<Passkey | null> {
  if (!/^[0-9a-f-]{36}$/i.test(passkeyId)) return null;
  const [found] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.accountId, accountId)))
    .limit(1);
  return found ?? null;
}

export interface NewPasskey {
  accountId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
  name: string;
  now: Date;
}

/** Keeps a new passkey; null when the credential is registered already (to any account). */
export async function addPasskey(db: Db, input: NewPasskey): Promise<Passkey | null> {
  const [added] = await db
    .insert(passkeys)
    .values({
      accountId: input.accountId,
      credentialId: input.credentialId,
      publicKey: input.publicKey,
      counter: input.counter,
      transports: input.transports,
      backedUp: input.backedUp,
      name: input.name.slice(0, PASSKEY_NAME_MAX_LENGTH),
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return added ?? null;
}

/** A sign-in with the passkey: its new counter, its synced state as the authenticator says now. */
export async function markPasskeyUsed(
  db: Db,
  passkeyId: string,
  use: { counter: number; backedUp: boolean; now: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.now })
    .where(eq(passkeys.id, passkeyId));
}

export async function renamePasskey(db: Db, passkeyId: string, name: string): Promise<void> {
  await db
    .update(passkeys)
    .set({ name: name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) })
    .where(eq(passkeys.id, passkeyId));
}

export async function deletePasskey(db: Db, passkeyId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.id, passkeyId));
}

/** Every passkey of the account goes: the e-mail change's undo voids what the taker may have added. */
export async function deleteAllPasskeys(db: Db, accountId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.accountId, accountId));
}

export async function countPasskeys(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.accountId, accountId));
  return row?.n ?? 0;
}

/**
 * How many ways in the account has that do not depend on one another: its password (when the
 * store takes passwords), each linked social account, each passkey (when the store takes them).
 * The last of them is never taken away by the member.
 */
export async function waysInOf(
  db: Db,
  account: Pick<Account, "id" | "passwordHash">,
  store: { passwordsEnabled: boolean; passkeysEnabled: boolean },
): Promise<number> {
  // Read by my page on every view: kept in memory on PGlite until either table changes.
  const { links, keys } = await cachedRead(
    db,
    `ways-in:${account.id}`,
    [externalIdentities, passkeys],
    async () => {
      const [linked] = await db
        .select({ n: count() })
        .from(externalIdentities)
        .where(eq(externalIdentities.accountId, account.id));
      return { links: linked?.n ?? 0, keys: await countPasskeys(db, account.id) };
    },
  );
  const password = store.passwordsEnabled && account.passwordHash ? 1 : 0;
  return password + links + (store.passkeysEnabled ? keys : 0);
}

/** Where a passkey was made, as its default name says it: "iPhone" and "iPad" by model, else the system. */
export function deviceAndBrowserOf(userAgent: string | null): { device: string; browser: string } | null {
  if (!userAgent) return null;
  const { device, os, browser } = new UAParser(userAgent.slice(0, USER_AGENT_MAX_LENGTH)).getResult();
  const where = device.vendor === "Apple" && device.model ? device.model : os.name;
  if (!where || !browser.name) return null;
  return { device: where, browser: browser.name.replace(/^Mobile /, "") };
}
