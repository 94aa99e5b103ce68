/**
 * A member's pages on the embedded database read from memory (issue 49 §2, ADR 0039), and a
 * session ended anywhere ends at once: a password change elsewhere, a logout, a password reset.
 */
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createTestApi,
  insertAccount,
  loggedInBrowser,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { readCacheOf } from "../db/read-cache.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

const signedIn = (member: { email: string; password: string | null }) => loggedInBrowser(t, member);

/** Whose page the root screen data is for: the member's label, or null for a guest. */
async function whoIs(browser: TestBrowser): Promise<string | null> {
  const data = (await (await browser.get("/zapi/internal/root/screen-data")).json()) as {
    memberLabel?: string;
  };
  return data.memberLabel ?? null;
}

/** The statements the database ran while `act` ran. */
async function statementsOf(act: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const query = PGlite.prototype.query;
  vi.spyOn(PGlite.prototype, "query").mockImplementation(function (this: PGlite, ...args) {
    statements.push(String(args[0]));
    return query.apply(this, args);
  });
  await act();
  vi.restoreAllMocks();
  return statements;
}

const onPglite = process.env.TEST_DATABASE !== "postgres";

describe.runIf(onPglite)("a member's my page on the embedded database", () => {
  it("reads nothing from the database once warm", async () => {
    expect(readCacheOf(t.db)).toBeDefined();
    const browser = await signedIn(await insertAccount(t));
    const page = () =>
      Promise.all([
        browser.get("/zapi/internal/root/screen-data"),
        browser.get("/zapi/internal/mypage/screen-data"),
      ]);
    const cold = await statementsOf(page);
    const warm = await statementsOf(page);
    expect(cold.length).toBeGreaterThan(warm.length);
    expect(warm).toEqual([]);
  });
});

describe("a session ended elsewhere ends at once, with the session kept in memory", () => {
  it("a password change ends the member's other browsers on their next request", async () => {
    const member = await insertAccount(t);
    const laptop = await signedIn(member);
    const phone = await signedIn(member);
    // Both sessions read, and so kept.
    expect(await whoIs(laptop)).not.toBeNull();
    expect(await whoIs(phone)).not.toBeNull();
    const change = await phone.post("/zapi/account/password/edit", {
      oldPassword: member.password,
      newPassword: "Changed2026A",
    });
    expect(change.status).toBe(200);
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(phone)).not.toBeNull();
  });

  it("a logout ends the session even for a copy of its cookie", async () => {
    const browser = await signedIn(await insertAccount(t));
    expect(await whoIs(browser)).not.toBeNull();
    const copy = new TestBrowser(t);
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    expect(await whoIs(copy)).not.toBeNull();
    await browser.post("/zapi/logout", {});
    expect(await whoIs(copy)).toBeNull();
  });

  it("a change of the member's nickname shows in the header on the next request", async () => {
    const member = await insertAccount(t);
    const browser = await signedIn(member);
    const before = await whoIs(browser);
    expect(before).toBe(member.email);
    await t.db.execute(`UPDATE accounts SET nickname = 'そら' WHERE contact_email = '${member.email}'`);
    expect(await whoIs(browser)).toBe("そら");
  });
});
