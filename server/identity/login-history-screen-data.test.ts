import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import loginHistoryItemSchema from "../../schemas/login-history-item.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import { createTestApi, insertAccount, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { loginHistory } from "../db/schema.ts";
import { LOGIN_HISTORY_PAGE_SIZE } from "./login-history.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

interface HistoryPage {
  deviceIp: string | null;
  suggestPasswordChange: boolean;
  suggestMultiFactor: boolean;
  isFirstPage: boolean;
  items: {
    createdAt: string;
    ip: string | null;
    result: boolean;
    country: string | null;
    deviceInfo: string | null;
    browserInfo: string | null;
    loginMethod: string;
  }[];
  nextCursor: string | null;
}

async function page(browser: TestBrowser, before?: string): Promise<HistoryPage> {
  const query = before === undefined ? "" : `?before=${encodeURIComponent(before)}`;
  const response = await browser.get(`/zapi/internal/mypage/login-history/screen-data${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as HistoryPage;
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function logIn(
  member: { email: string; password: string | null },
  clientAddress: string,
  password?: string,
) {
  const browser = new TestBrowser(t, { clientAddress, userAgent: IPHONE });
  const response = await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: password ?? member.password,
    loginMethod: "Password",
  });
  return { browser, response };
}

/** `count` rows for the account, several sharing a time, as a busy member's history would. */
async function insertRows(accountId: string, count: number) {
  const start = Date.parse("2026-01-01T00:00:00Z");
  await t.db.insert(loginHistory).values(
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      accountId,
      // Three rows per second: ties on the time are ordered by id.
      createdAt: new Date(start + Math.floor(index / 3) * 1000),
      ip: `203.0.113.${index % 250}`,
      result: index % 5 !== 0,
      userIdentifierName: "bulk@example.jp",
      loginMethod: "Password",
    })),
  );
}

describe("GET /zapi/internal/mypage/login-history/screen-data", () => {
  it("lists the member's logins newest first with device, browser and country, and this request's address", async () => {
    const member = await insertAccount(t);
    await logIn(member, "1.0.16.1", "Wrong2026pass");
    t.clock.advance(60_000);
    const { browser } = await logIn(member, "8.8.8.8");
    const history = await page(browser);
    expect(history.deviceIp).toBe("8.8.8.8");
    expect(history.suggestPasswordChange).toBe(true);
    // No second factor on: its settings are suggested (a member who has one is not, issue 41 §11).
    expect(history.suggestMultiFactor).toBe(true);
    expect(history.isFirstPage).toBe(true);
    expect(history.items).toMatchObject([
      {
        ip: "8.8.8.8",
        result: true,
        country: "US",
        deviceInfo: "Mobile iPhone",
        browserInfo: "Mobile Safari 17",
        loginMethod: "Password",
      },
      { ip: "1.0.16.1", result: false, country: "JP" },
    ]);
    expect(history.nextCursor).toBeNull();
    // Each row in the shape of spec §3's login history item, which the page's type comes from.
    const validate = createAjv().compile(loginHistoryItemSchema);
    for (const item of history.items) expect(validate(item), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...history.items[0], result: "ok" })).toBe(false);
  });

  it("pages through every row exactly once, newest first, ties included", async () => {
    const member = await insertAccount(t);
    const { browser } = await logIn(member, "8.8.8.8");
    await insertRows(member.accountId, LOGIN_HISTORY_PAGE_SIZE * 2 + 7);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await page(browser, cursor);
      expect(result.isFirstPage).toBe(cursor === undefined);
      expect(result.items.length).toBeLessThanOrEqual(LOGIN_HISTORY_PAGE_SIZE);
      seen.push(...result.items.map((item) => `${item.createdAt} ${item.ip}`));
      cursor = result.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(LOGIN_HISTORY_PAGE_SIZE * 2 + 8);
    expect(new Set(seen).size).toBe(seen.length);
    const times = seen.map((entry) => entry.split(" ")[0] ?? "");
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("starts at the newest for a cursor that is not one", async () => {
    const member = await insertAccount(t);
    const { browser } = await logIn(member, "8.8.8.8");
    for (const cursor of [
      "",
      "garbage",
      Buffer.from("2026-01-01|not-a-uuid").toString("base64url"),
      "x".repeat(500),
    ]) {
      const result = await page(browser, cursor);
      expect(result.isFirstPage, cursor).toBe(true);
      expect(result.items[0]?.ip).toBe("8.8.8.8");
    }
  });

  it("shows no one else's logins, and only to a member", async () => {
    const first = await insertAccount(t);
    const second = await insertAccount(t);
    await logIn(first, "1.0.16.1");
    const { browser } = await logIn(second, "8.8.8.8");
    expect((await page(browser)).items.map((item) => item.ip)).toEqual(["8.8.8.8"]);
    const guest = await new TestBrowser(t).get("/zapi/internal/mypage/login-history/screen-data");
    expect(guest.status).toBe(401);
  });
});
