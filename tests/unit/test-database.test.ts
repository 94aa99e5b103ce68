/**
 * The test databases are reused, emptied, from one test to the next (and across the suites that
 * share a worker): a database whose schema a test changed must not be handed on.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../server/db/schema.ts";
import { openTestDatabase } from "../test-database.ts";

async function tableNames(database: Awaited<ReturnType<typeof openTestDatabase>>): Promise<string[]> {
  const result = (await database.db.execute(
    sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"),
  )) as unknown as { rows: { tablename: string }[] };
  return result.rows.map((row) => row.tablename);
}

async function triggerCount(database: Awaited<ReturnType<typeof openTestDatabase>>): Promise<number> {
  const result = (await database.db.execute(
    sql.raw("SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal"),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? -1;
}

describe("reused test databases", () => {
  it("come back empty", async () => {
    const first = await openTestDatabase();
    await first.db.insert(accounts).values({ publicId: "kept-public-id", email: "kept@example.jp" });
    await first.close();
    const second = await openTestDatabase();
    expect(await second.db.select().from(accounts)).toEqual([]);
    await second.close();
  });

  it("never carry a table or a trigger a test added", async () => {
    const first = await openTestDatabase();
    const migrated = await tableNames(first);
    const migratedTriggers = await triggerCount(first);
    await first.db.execute(sql.raw("CREATE TABLE left_behind (id int)"));
    await first.db.execute(
      sql.raw(
        "CREATE FUNCTION left_behind_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$",
      ),
    );
    await first.db.execute(
      sql.raw(
        "CREATE TRIGGER left_behind AFTER INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION left_behind_count()",
      ),
    );
    await first.close();
    const second = await openTestDatabase();
    expect(await tableNames(second)).toEqual(migrated);
    expect(await triggerCount(second)).toBe(migratedTriggers);
    await second.close();
  });
});
