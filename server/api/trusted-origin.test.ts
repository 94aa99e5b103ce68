/**
 * Issue 7 §1: absolute URLs come from configuration, never from the request. A forged Host once
 * mailed a reset link to the attacker's site, whose token then reset the real account.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, insertAccount, type TestAccount, type TestApi } from "../../tests/api-harness.ts";

const CONFIGURED = "https://soramiru.example.jp";

let t: TestApi;
let member: TestAccount;
beforeEach(async () => {
  t = await createTestApi({ deps: { publicOrigin: CONFIGURED } });
  member = await insertAccount(t, { email: "hanako@example.jp" });
});
afterEach(() => t.close());

function forgedHostPost(path: string, body: unknown) {
  return t.api.request(
    `http://evil.example${path}`,
    {
      method: "POST",
      headers: {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    },
    { clientAddress: "198.51.100.9" },
  );
}

describe("links the server mails", () => {
  it("a reset link asked for with a forged Host carries the configured origin", async () => {
    const response = await forgedHostPost("/zapi/auth/password/forgot", { email: member.email });
    expect(response.status).toBe(200);
    const text = t.outbox.latestMailTo(member.email)?.text ?? "";
    expect(text).toContain(`${CONFIGURED}/password/reset?token=`);
    expect(text).not.toContain("evil.example");
  });

  it("the new-login notice links to the configured origin", async () => {
    const response = await forgedHostPost("/zapi/login", {
      emailUserId: member.email,
      password: "Passw0rdA",
      loginMethod: "Password",
    });
    expect(response.status).toBe(200);
    const text = t.outbox.latestMailTo(member.email)?.text ?? "";
    expect(text).toContain(`${CONFIGURED}/mypage/login-history`);
    expect(text).not.toContain("evil.example");
  });
});
