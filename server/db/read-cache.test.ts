/**
 * The read cache of the embedded database (issue 49 §2, ADR 0039), on a real PGlite: a kept read
 * is served until a write to one of its tables, whichever path the write takes.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/test-database.ts";
import type { Db } from "./database.ts";
import { cachedRead, ReadCache, readCacheOf } from "./read-cache.ts";
import { accounts, consentChoices, sessions } from "./schema.ts";

let database: TestDatabase;
let db: Db;
beforeEach(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterEach(() => database.close());

async function insertAccount(email: string): Promise<string> {
  const [row] = await db
    .insert(accounts)
    .values({ publicId: crypto.randomUUID(), email, contactEmail: email })
    .returning({ id: accounts.id });
  return row!.id;
}

/** The account's contact address, kept; counts the loads that reached the database. */
function reader() {
  let loads = 0;
  const read = (id: string) =>
    cachedRead(db, `contact:${id}`, [accounts], async () => {
      loads++;
      const [row] = await db
        .select({ email: accounts.contactEmail })
        .from(accounts)
        .where(eq(accounts.id, id));
      return row?.email ?? null;
    });
  return { read, loads: () => loads };
}

describe("the read cache", () => {
  it("is there on the embedded database (tests run with it, as the server does)", () => {
    if (process.env.TEST_DATABASE === "postgres") expect(readCacheOf(db)).toBeUndefined();
    else expect(readCacheOf(db)).toBeInstanceOf(ReadCache);
  });

  it("answers a kept read without the database, until its table is written", async () => {
    const id = await insertAccount("a@example.jp");
    const { read, loads } = reader();
    expect(await read(id)).toBe("a@example.jp");
    expect(await read(id)).toBe("a@example.jp");
    const cached = readCacheOf(db) ? 1 : 2;
    expect(loads()).toBe(cached);
    await db.update(accounts).set({ contactEmail: "b@example.jp" }).where(eq(accounts.id, id));
    expect(await read(id)).toBe("b@example.jp");
  });

  it("ends with a write through raw SQL, a transaction, or a delete that cascades", async () => {
    const id = await insertAccount("a@example.jp");
    const { read } = reader();
    await read(id);
    await db.execute(sql`UPDATE accounts SET contact_email = 'raw@example.jp' WHERE id = ${id}`);
    expect(await read(id)).toBe("raw@example.jp");
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ contactEmail: "tx@example.jp" }).where(eq(accounts.id, id));
    });
    expect(await read(id)).toBe("tx@example.jp");

    // A session row read with its account; deleting the account removes it by cascade.
    await db
      .insert(sessions)
      .values({ tokenHash: "h", accountId: id, expiresAt: new Date(Date.now() + 60_000) });
    const session = () =>
      cachedRead(db, "session:h", [sessions], () =>
        db.select().from(sessions).where(eq(sessions.tokenHash, "h")),
      );
    expect(await session()).toHaveLength(1);
    await db.delete(accounts).where(eq(accounts.id, id));
    expect(await session()).toHaveLength(0);
  });

  it("keeps reads of other tables across a write", async () => {
    const id = await insertAccount("a@example.jp");
    const { read, loads } = reader();
    await read(id);
    await db.insert(consentChoices).values({
      accountId: id,
      consentOptionId: "weekly",
      key: "weekly",
      value: true,
      changedAt: new Date(),
    });
    await read(id);
    expect(loads()).toBe(readCacheOf(db) ? 1 : 2);
  });

  it("keeps reads across reads: a union of selects, which opens with parentheses, writes nothing", async () => {
    const id = await insertAccount("a@example.jp");
    const { read, loads } = reader();
    await read(id);
    await db
      .select({ id: accounts.id })
      .from(accounts)
      .unionAll(db.select({ id: sessions.accountId }).from(sessions));
    await read(id);
    expect(loads()).toBe(readCacheOf(db) ? 1 : 2);
  });

  it("does not keep a read that a write overtook while it was in flight", async () => {
    const id = await insertAccount("a@example.jp");
    const { read, loads } = reader();
    // Both issued together: the read may see the old address, so it must not be kept.
    const [first] = await Promise.all([
      read(id),
      db.update(accounts).set({ contactEmail: "b@example.jp" }).where(eq(accounts.id, id)),
    ]);
    expect(first).toBe("a@example.jp");
    expect(await read(id)).toBe("b@example.jp");
    expect(loads()).toBe(2);
  });

  it("gives each caller its own copy", async () => {
    const id = await insertAccount("a@example.jp");
    const read = () =>
      cachedRead(db, `row:${id}`, [accounts], () => db.select().from(accounts).where(eq(accounts.id, id)));
    const [first] = await read();
    first!.contactEmail = "changed by a caller";
    const [second] = await read();
    expect(second!.contactEmail).toBe("a@example.jp");
    expect(second!.createdAt).toBeInstanceOf(Date);
  });

  it("never serves a read made inside a transaction from memory", async () => {
    const id = await insertAccount("a@example.jp");
    let loads = 0;
    const read = (handle: Db) =>
      cachedRead(handle, `contact:${id}`, [accounts], async () => {
        loads++;
        return handle.select().from(accounts).where(eq(accounts.id, id));
      });
    await db.transaction(async (tx) => {
      await read(tx as unknown as Db);
      await read(tx as unknown as Db);
    });
    expect(loads).toBe(2);
  });
});
