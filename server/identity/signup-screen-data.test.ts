import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signupSteps } from "../../schemas/signup-steps.ts";
import { createTestApi, mailedCode, type TestApi, TestBrowser } from "../../tests/api-harness.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const consent = [
  { policyId: "terms", revision: 2, key: "terms" },
  { policyId: "privacy", revision: 1, key: "privacy" },
];

describe("signupSteps (spec §4: 2 then 4 with a policy step, otherwise 1 then 3)", () => {
  it("counts four steps when the policies come first", () => {
    expect(signupSteps(true)).toEqual({
      totalCount: 4,
      policyStep: 1,
      emailStep: 2,
      pinStep: 3,
      formStep: 4,
      planStep: null,
    });
  });

  it("counts three steps otherwise", () => {
    expect(signupSteps(false)).toMatchObject({ totalCount: 3, emailStep: 1, pinStep: 2, formStep: 3 });
  });

  it("counts the plans as one more step after the form", () => {
    expect(signupSteps(false, true)).toMatchObject({ totalCount: 4, formStep: 3, planStep: 4 });
    expect(signupSteps(true, true)).toMatchObject({ totalCount: 5, formStep: 4, planStep: 5 });
  });
});

describe("sign-up screen data", () => {
  it("/signup sends the visitor to the e-mail step when the policies have no step of their own", async () => {
    expect(await json(await new TestBrowser(t).get("/zapi/internal/signup/screen-data"))).toEqual({
      redirectTo: "/signup/auth",
    });
  });

  it("/signup/auth shows the policies in force with the e-mail, in the visitor's language", async () => {
    const ja = await json(await new TestBrowser(t).get("/zapi/internal/signup/auth/screen-data"));
    expect(ja).toMatchObject({
      isEnabledEmail: true,
      isPreShowPolicy: false,
      totalCount: 4,
      currentCount: 1,
    });
    const policies = ja.policies as Array<Record<string, unknown>>;
    expect(
      policies.map(({ policyId, revision, title, isExternal }) => ({
        policyId,
        revision,
        title,
        isExternal,
      })),
    ).toEqual([
      { policyId: "terms", revision: 2, title: "ソラミル利用規約", isExternal: false },
      { policyId: "privacy", revision: 1, title: "プライバシーポリシー", isExternal: false },
    ]);
    expect(policies[0]?.renderData).toContain("<h2>第6条（視聴環境および同時視聴）</h2>");

    const en = await json(
      await new TestBrowser(t, { language: "en" }).get("/zapi/internal/signup/auth/screen-data"),
    );
    const [terms] = en.policies as Array<Record<string, unknown>>;
    expect(terms?.title).toBe("Soramiru Terms of Use");
    expect(terms?.renderData).toContain("<h2>Article 6 (Viewing environment and simultaneous viewing)</h2>");

    // As a page detects its language (locales/language.ts): ?lng=, which a page passes on, first.
    const japaneseBrowser = new TestBrowser(t, { language: "ja" });
    const byQuery = await json(await japaneseBrowser.get("/zapi/internal/signup/auth/screen-data?lng=en"));
    expect((byQuery.policies as Array<{ title: string }>)[0]?.title).toBe("Soramiru Terms of Use");
  });

  it("/signup/pin-code needs a sign-up in progress and tells when a resend is allowed", async () => {
    const browser = new TestBrowser(t);
    expect(await json(await browser.get("/zapi/internal/signup/pin-code/screen-data"))).toEqual({
      redirectTo: "/signup/auth",
    });
    await browser.post("/zapi/signup/email", {
      type: "signUp",
      email: "a@example.jp",
      policyConsentData: consent,
    });
    expect(await json(await browser.get("/zapi/internal/signup/pin-code/screen-data"))).toMatchObject({
      email: "a@example.jp",
      resendAvailableAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
      totalCount: 4,
      currentCount: 2,
    });
  });

  it("/signup/form needs the address proved by its PIN", async () => {
    const browser = new TestBrowser(t);
    await browser.post("/zapi/signup/email", {
      type: "signUp",
      email: "a@example.jp",
      policyConsentData: consent,
    });
    expect(await json(await browser.get("/zapi/internal/signup/form/screen-data"))).toEqual({
      redirectTo: "/signup/auth",
    });
    await browser.post("/zapi/signup/pin-code", { pinCode: mailedCode(t.outbox, "a@example.jp") });
    expect(await json(await browser.get("/zapi/internal/signup/form/screen-data"))).toEqual({
      isEnabledEmail: true,
      isPreShowPolicy: false,
      isCallback: false,
      isSingleAuth: false,
      email: "a@example.jp",
      isRequiredPassword: true,
      externalCallbackInfo: null,
      totalCount: 4,
      currentCount: 3,
    });
  });

  it("/signup/policy is for members: a guest is sent to log in and come back", async () => {
    const response = await new TestBrowser(t).get("/zapi/internal/signup/policy/screen-data");
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({
      code: "REQUEST_UNAUTHORIZED",
      redirectTo: "/login?returnTo=%2Fsignup%2Fpolicy",
    });
  });
});
