import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT_SCREEN_DATA } from "../../app/lib/screen-data-shapes.server.ts";
import {
  createTestApi,
  demoStoreSettings,
  insertSignedInAccount,
  type TestApi,
} from "../../tests/api-harness.ts";
import { accounts } from "../db/schema.ts";

let t: TestApi;
afterEach(() => t.close());

async function rootData(cookie?: string) {
  const response = await t.api.request("/zapi/internal/root/screen-data", {
    headers: cookie ? { cookie } : {},
  });
  expect(response.status).toBe(200);
  const answer: unknown = await response.json();
  // Every page reads this answer by its schema (app/root.tsx).
  if (!ROOT_SCREEN_DATA(answer)) throw new Error(JSON.stringify(ROOT_SCREEN_DATA.errors));
  return answer;
}

describe("GET /zapi/internal/root/screen-data: its shape", () => {
  it("is the one the pages read (root-screen-data.schema.json), for a guest and a member", async () => {
    t = await createTestApi();
    const guest = await rootData();
    const member = await insertSignedInAccount(t);
    expect((await rootData(member.cookie)).authId).toBe(member.publicId);
    expect(ROOT_SCREEN_DATA({ ...guest, storeSettingVersion: "" })).toBe(false);
    expect(
      ROOT_SCREEN_DATA({ ...guest, storeSettingData: { ...guest.storeSettingData, serviceName: 7 } }),
    ).toBe(false);
  });
});

describe("GET /zapi/internal/root/screen-data: authId", () => {
  it("is null without a session cookie", async () => {
    t = await createTestApi();
    expect((await rootData()).authId).toBeNull();
  });

  it("is the account's public id with a valid session cookie", async () => {
    t = await createTestApi();
    const member = await insertSignedInAccount(t);
    expect((await rootData(member.cookie)).authId).toBe(member.publicId);
  });

  it("is null for an unknown session token", async () => {
    t = await createTestApi();
    await insertSignedInAccount(t);
    expect((await rootData("sid=not-a-session-we-issued")).authId).toBeNull();
  });

  it("is null once the session has expired", async () => {
    t = await createTestApi();
    const expired = await insertSignedInAccount(t, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    expect((await rootData(expired.cookie)).authId).toBeNull();

    const member = await insertSignedInAccount(t, { expiresAt: new Date(t.clock.now().getTime() + 60_000) });
    expect((await rootData(member.cookie)).authId).toBe(member.publicId);
    t.clock.advance(60_000);
    expect((await rootData(member.cookie)).authId).toBeNull();
  });
});

describe("GET /zapi/internal/root/screen-data: memberLabel", () => {
  it("names the member for the header: the nickname, else the e-mail address, else the user ID", async () => {
    t = await createTestApi();
    expect((await rootData()).memberLabel).toBeNull();
    const member = await insertSignedInAccount(t, { contactEmail: "hanako@example.jp" });
    expect((await rootData(member.cookie)).memberLabel).toBe("hanako@example.jp");
    await t.db.update(accounts).set({ nickname: "はなこ" }).where(eq(accounts.id, member.accountId));
    expect((await rootData(member.cookie)).memberLabel).toBe("はなこ");
    await t.db
      .update(accounts)
      .set({ nickname: null, contactEmail: null, userId: "hanako2024" })
      .where(eq(accounts.id, member.accountId));
    expect((await rootData(member.cookie)).memberLabel).toBe("hanako2024");
  });
});

describe("GET /zapi/internal/root/screen-data: storeSettingData", () => {
  it("has what the browser needs and none of the server-only settings", async () => {
    const settings = demoStoreSettings();
    settings.login.recaptcha = {
      enabled: true,
      siteKey: "site-key-public",
      projectId: "recaptcha-project-secret",
      minimumScore: 0.5,
    };
    t = await createTestApi({ settings });

    const { storeSettingData } = await rootData();
    const text = JSON.stringify(storeSettingData);
    expect(storeSettingData).toMatchObject({
      serviceName: "ソラミル",
      login: { recaptcha: { enabled: true, siteKey: "site-key-public" } },
      paymentProvider: { tokenScriptUrl: "/sandbox-pay/token.js", tds2ScriptUrl: "/sandbox-pay/tds2.js" },
    });
    expect(storeSettingData).not.toHaveProperty("$schema");
    expect(storeSettingData).not.toHaveProperty("smtpDomain");
    expect(storeSettingData).not.toHaveProperty("paymentProvider.merchantId");
    expect(storeSettingData).not.toHaveProperty("login.recaptcha.projectId");
    // The consent screen's own data, not every page's.
    expect(storeSettingData).not.toHaveProperty("storeScopeSettings");
    expect(storeSettingData).not.toHaveProperty("oidcPrecautions");
    for (const secret of ["mail.soramiru.example.jp", "sandbox-merchant", "recaptcha-project-secret"]) {
      expect(text).not.toContain(secret);
    }
  });
});
