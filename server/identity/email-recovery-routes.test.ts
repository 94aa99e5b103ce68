import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertAccount,
  mailedCode,
  type TestAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { passkeys } from "../db/schema.ts";
import { findAccountById } from "./accounts.ts";
import { RECOVERY_LINK_LIFETIME_MS } from "./email-recovery.ts";
import { enabledMethods, enableMethod } from "./multi-factor-methods.ts";

let t: TestApi;
let member: TestAccount;
/** Whoever took over the session and changed the address. */
let changer: TestBrowser;

beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  changer = new TestBrowser(t);
  await changer.post("/zapi/login", {
    emailUserId: member.email,
    password: "Passw0rdA",
    loginMethod: "Password",
  });
  await enableMethod(
    t.db,
    member.accountId,
    "OTP",
    { otpSecret: t.deps.secretBox.seal("X".repeat(32)) },
    t.clock.now(),
  );
  const sent = await changer.post("/zapi/account/email/edit/send-pin-code", {
    type: "mailEdit",
    email: "thief@example.jp",
  });
  expect(sent.status).toBe(200);
  const changed = await changer.post("/zapi/account/email/edit", {
    pinCode: mailedCode(t.outbox, "thief@example.jp"),
  });
  expect(changed.status).toBe(200);
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** The recovery link of the notice mailed to the old address. */
function recoveryToken(): string {
  const notice = t.outbox.latestMailTo("hanako@example.jp");
  expect(notice?.subject).toBe("【ソラミル】メールアドレス変更のお知らせ");
  const token = /\/email\/recover\?token=([A-Za-z0-9_-]+)/.exec(notice?.text ?? "")?.[1];
  if (!token) throw new Error("the notice carries no recovery link");
  return token;
}

const recover = (token: unknown) => new TestBrowser(t).post("/zapi/auth/email/recover", { token });

describe("the way back from an e-mail change (issue 39 §4)", () => {
  it("is in the notice to the old address, with what it does", async () => {
    const notice = t.outbox.latestMailTo("hanako@example.jp");
    expect(notice?.text).toContain("7日以内に以下のリンクから、メールアドレスをこのアドレスに戻せます。");
    expect(notice?.text).toContain("http://localhost");
    recoveryToken();
  });

  it("puts the old address back and locks the changer out: sessions, password, second factors and passkeys", async () => {
    // A passkey the changer added would let them in without the password.
    await t.db.insert(passkeys).values({
      accountId: member.accountId,
      credentialId: "changers-passkey",
      publicKey: "AQID",
      name: "Windows の Chrome",
    });
    const response = await recover(recoveryToken());
    expect(response.status).toBe(200);
    const account = await findAccountById(t.db, member.accountId);
    expect(account).toMatchObject({
      email: "hanako@example.jp",
      contactEmail: "hanako@example.jp",
      passwordHash: null,
    });
    expect(await enabledMethods(t.db, member.accountId)).toEqual([]);
    expect(await t.db.$count(passkeys)).toBe(0);
    expect((await changer.get("/zapi/internal/mypage/screen-data")).status).toBe(401);
    const withOldPassword = await new TestBrowser(t).post("/zapi/login", {
      emailUserId: "hanako@example.jp",
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    expect(withOldPassword.status).toBe(401);

    // The member sets a new password from the reset link mailed to the restored address.
    const reset = t.outbox.latestMailTo("hanako@example.jp");
    expect(reset?.subject).toBe("【ソラミル】パスワード再設定のご案内");
    const token = /token=([A-Za-z0-9_-]+)/.exec(reset?.text ?? "")?.[1];
    const set = await new TestBrowser(t).post("/zapi/auth/password/reset", {
      token,
      password: "NewPassw0rd",
      passwordConfirm: "NewPassw0rd",
    });
    expect(set.status).toBe(200);
    const login = await new TestBrowser(t).post("/zapi/login", {
      emailUserId: "hanako@example.jp",
      password: "NewPassw0rd",
      loginMethod: "Password",
    });
    expect(login.status).toBe(200);
  });

  it("works once, and not after 7 days", async () => {
    const token = recoveryToken();
    expect((await recover(token)).status).toBe(200);
    const again = await recover(token);
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({ code: "RECOVERY_LINK_INVALID" });

    const other = await insertAccount(t, { email: "jiro@example.jp", password: "Passw0rdA" });
    const browser = new TestBrowser(t);
    await browser.post("/zapi/login", {
      emailUserId: other.email,
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    await browser.post("/zapi/account/email/edit/send-pin-code", {
      type: "mailEdit",
      email: "jiro.new@example.jp",
    });
    await browser.post("/zapi/account/email/edit", { pinCode: mailedCode(t.outbox, "jiro.new@example.jp") });
    const late = /token=([A-Za-z0-9_-]+)/.exec(t.outbox.latestMailTo("jiro@example.jp")?.text ?? "")?.[1];
    t.clock.advance(RECOVERY_LINK_LIFETIME_MS);
    expect((await recover(late)).status).toBe(400);
    expect((await findAccountById(t.db, other.accountId))?.email).toBe("jiro.new@example.jp");
  });

  it("changes nothing while another account holds the old address", async () => {
    await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdB" });
    const response = await recover(recoveryToken());
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: "EMAIL_RECOVERY_TAKEN" });
    const account = await findAccountById(t.db, member.accountId);
    expect(account?.email).toBe("thief@example.jp");
    expect(account?.passwordHash).not.toBeNull();
  });

  it("refuses a body without a token of the right shape", async () => {
    for (const token of [undefined, "", 1, "x".repeat(201), "not-a-token"]) {
      const response = await recover(token);
      expect([400]).toContain(response.status);
    }
    expect((await findAccountById(t.db, member.accountId))?.email).toBe("thief@example.jp");
  });
});
