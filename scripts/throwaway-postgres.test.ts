import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { postgresBinDir, startThrowawayPostgres } from "./throwaway-postgres.ts";

describe.skipIf(postgresBinDir() === null)("the throwaway PostgreSQL of npm test", () => {
  it("starts on a free port, answers, and leaves nothing behind when stopped", async () => {
    const server = await startThrowawayPostgres();
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ fsync: string }>("SELECT current_setting('fsync') AS fsync");
    await client.end();
    expect(rows[0]?.fsync).toBe("off");
    const port = Number(new URL(server.url).port);
    expect(port).toBeGreaterThan(0);
    expect(existsSync(server.folder)).toBe(true);
    server.stop();
    expect(existsSync(server.folder)).toBe(false);
    const again = new pg.Client({ connectionString: server.url });
    await expect(again.connect()).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
