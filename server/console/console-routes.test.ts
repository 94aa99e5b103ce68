import { asc } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertSignedInAccount,
  parseSetCookies,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import {
  consoleDepsOf,
  STAFF_PASSWORD,
  setUpThroughLink,
  signedInStaff,
} from "../../tests/console-harness.ts";
import { totpCode } from "../../tests/totp.ts";
import { staffAudit } from "../db/schema.ts";
import { addStaff, type ConsoleDeps } from "./staff.ts";

let t: TestApi;
let deps: ConsoleDeps;

beforeEach(async () => {
  t = await createTestApi();
  deps = consoleDepsOf(t);
});
afterEach(() => t.close());

describe("the console's sign-in", () => {
  it("sets up, signs in with a Strict console cookie, tells who is signed in, and signs out", async () => {
    const browser = new TestBrowser(t);
    const secret = await setUpThroughLink(t, browser);
    const signedIn = await browser.post("/zapi/console/sign-in", {
      email: "ops@example.jp",
      password: STAFF_PASSWORD,
      code: totpCode(secret, t.clock.now().getTime()),
    });
    expect(signedIn.status).toBe(200);
    const cookie = parseSetCookies(signedIn).get("console");
    expect(cookie?.attributes).toMatch(/HttpOnly/);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/);
    expect(cookie?.attributes).toMatch(/Path=\//);
    expect(cookie?.attributes).toMatch(/Max-Age=43200/);

    const me = await browser.get("/zapi/console/me/screen-data");
    expect(await me.json()).toEqual({ email: "ops@example.jp", role: "owner" });

    expect((await browser.post("/zapi/console/sign-out", {})).status).toBe(200);
    expect(browser.cookies.has("console")).toBe(false);
    const after = await browser.get("/zapi/console/me/screen-data");
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({
      code: "CONSOLE_SIGN_IN_REQUIRED",
      message: "管理画面にサインインしてください。",
      redirectTo: "/console/login",
    });
    const actions = await t.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .orderBy(asc(staffAudit.id));
    expect(actions.map((row) => row.action)).toEqual([
      "staff.added",
      "staff.setup",
      "staff.signin",
      "staff.signout",
    ]);
  });

  it("opens nothing to a member's session", async () => {
    const member = await insertSignedInAccount(t);
    const answer = await t.api.request("/zapi/console/me/screen-data", {
      headers: { cookie: member.cookie },
    });
    expect(answer.status).toBe(401);
    // Nor does a member's session token under the console cookie's name.
    const forged = await t.api.request("/zapi/console/me/screen-data", {
      headers: { cookie: `console=${member.sessionToken}` },
    });
    expect(forged.status).toBe(401);
  });

  it("refuses a staff member who has not set up a second factor, with one message for every failure", async () => {
    await addStaff(deps, { email: "new@example.jp", role: "owner" }, { staffId: null, ip: null });
    const browser = new TestBrowser(t);
    const answer = await browser.post("/zapi/console/sign-in", {
      email: "new@example.jp",
      password: STAFF_PASSWORD,
      code: "123456",
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({
      code: "CONSOLE_SIGN_IN_FAILED",
      message: "メールアドレス、パスワード、または確認コードが正しくありません。",
    });
    expect(browser.cookies.size).toBe(0);
  });

  it("says on its field what is wrong with a set-up, and that a used link is used", async () => {
    const { setupToken } = await addStaff(
      deps,
      { email: "ops@example.jp", role: "owner" },
      { staffId: null, ip: null },
    );
    const browser = new TestBrowser(t);
    const offer = (await (
      await browser.get(`/zapi/console/setup/screen-data?token=${setupToken}`)
    ).json()) as {
      otpSecret: string;
    };
    const wrongCode = await browser.post("/zapi/console/setup", {
      token: setupToken,
      password: STAFF_PASSWORD,
      code: "000000",
    });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.json()).toMatchObject({
      errors: [{ field: "code", message: expect.stringContaining("確認コードが正しくありません") }],
    });
    const short = await browser.post("/zapi/console/setup", {
      token: setupToken,
      password: "short",
      code: "123456",
    });
    expect(short.status).toBe(400);
    const code = totpCode(offer.otpSecret, t.clock.now().getTime());
    expect(
      (await browser.post("/zapi/console/setup", { token: setupToken, password: STAFF_PASSWORD, code }))
        .status,
    ).toBe(200);
    const again = await browser.get(`/zapi/console/setup/screen-data?token=${setupToken}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "SETUP_LINK_INVALID" });
  });

  it("refuses a sign-in posted from another site", async () => {
    const answer = await t.api.request("/zapi/console/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "ops@example.jp", password: STAFF_PASSWORD, code: "123456" }),
    });
    expect(answer.status).toBe(403);
  });
});

describe("the audit trail's page", () => {
  it("is an owner's: a configuration role gets 403, a guest 401", async () => {
    const configuration = await signedInStaff(t, "config@example.jp", "configuration");
    const refused = await configuration.get("/zapi/console/audit/screen-data");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: "CONSOLE_FORBIDDEN",
      message: "この操作を行う権限がありません。",
    });
    expect((await t.api.request("/zapi/console/audit/screen-data")).status).toBe(401);
  });

  it("shows an owner every action with who did it, filtered, and refuses a filter it does not know", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const all = await owner.get("/zapi/console/audit/screen-data");
    expect(all.status).toBe(200);
    const page = (await all.json()) as {
      entries: { action: string; staffEmail: string | null }[];
      nextBefore: null;
    };
    expect(page.entries.map((entry) => [entry.action, entry.staffEmail])).toEqual([
      ["staff.signin", "owner@example.jp"],
      ["staff.setup", "owner@example.jp"],
      ["staff.added", null],
    ]);
    expect(page.nextBefore).toBeNull();
    const signIns = (await (
      await owner.get("/zapi/console/audit/screen-data?action=staff.signin")
    ).json()) as {
      entries: unknown[];
    };
    expect(signIns.entries).toHaveLength(1);
    for (const query of ["action=staff.deleted", "before=-1", "before=abc"]) {
      expect((await owner.get(`/zapi/console/audit/screen-data?${query}`)).status, query).toBe(400);
    }
  });
});

describe("managing staff in the console", () => {
  it("lets an owner add staff with a set-up link, change a role and remove them", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const added = await owner.post("/zapi/console/staff", { email: "Help@example.jp", role: "support" });
    expect(added.status).toBe(200);
    const { setupLink } = (await added.json()) as { setupLink: string };
    expect(setupLink).toMatch(/^http:\/\/localhost\/console\/setup\?token=[\w-]{43}$/);
    const taken = await owner.post("/zapi/console/staff", { email: "help@example.jp", role: "finance" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ errors: [{ field: "email" }] });

    const list = (await (await owner.get("/zapi/console/staff/screen-data")).json()) as {
      staff: { id: string; email: string; role: string; setUp: boolean }[];
      me: string;
    };
    const help = list.staff.find((row) => row.email === "help@example.jp");
    expect(help).toMatchObject({ role: "support", setUp: false });
    expect((await owner.post(`/zapi/console/staff/${help?.id}/role`, { role: "finance" })).status).toBe(200);
    expect((await owner.post(`/zapi/console/staff/${help?.id}/remove`, {})).status).toBe(200);
    expect((await owner.post(`/zapi/console/staff/${help?.id}/remove`, {})).status).toBe(404);
    expect((await owner.post("/zapi/console/staff/not-a-uuid/role", { role: "finance" })).status).toBe(404);

    const self = await owner.post(`/zapi/console/staff/${list.me}/remove`, {});
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({
      code: "CANNOT_REMOVE_SELF",
      message: "自分自身は削除できません。",
    });
    const lastOwner = await owner.post(`/zapi/console/staff/${list.me}/role`, { role: "support" });
    expect(lastOwner.status).toBe(409);
    expect(await lastOwner.json()).toMatchObject({ code: "LAST_OWNER" });
  });

  it("is an owner's only", async () => {
    const browser = await signedInStaff(t, "config@example.jp", "configuration");
    expect((await browser.get("/zapi/console/staff/screen-data")).status).toBe(403);
    expect((await browser.post("/zapi/console/staff", { email: "x@example.jp", role: "owner" })).status).toBe(
      403,
    );
  });
});
