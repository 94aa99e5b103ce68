import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SOCIAL_OFFER } from "../../app/lib/screen-data-shapes.server.ts";
import { createTestApi, demoStoreSettings, type TestApi } from "../../tests/api-harness.ts";
import { SocialLogin } from "../social/providers.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function loginData() {
  const response = await t.api.request("/zapi/internal/login/screen-data");
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /zapi/internal/login/screen-data", () => {
  it("tells the login page what the demo store offers", async () => {
    expect(await loginData()).toEqual({
      userIdentifierList: [],
      isEnabledUserId: true,
      isEnabledPassword: true,
      isRecaptchaEnabled: false,
      isEnabledAuthCode: true,
      defaultLoginType: "password",
      isEnabledPasskey: true,
      reCaptchaKey: null,
    });
  });

  it("follows the store settings, including the reCAPTCHA site key (never the project)", async () => {
    t.store.update((settings) => {
      settings.features.isEnabledUserId = false;
      settings.login.isEnabledAuthCode = false;
      settings.login.defaultLoginType = "authCode";
      settings.login.recaptcha = { enabled: true, siteKey: "site-key-1", projectId: "secret-project" };
    });
    const data = await loginData();
    expect(data).toMatchObject({
      isEnabledUserId: false,
      isEnabledAuthCode: false,
      defaultLoginType: "authCode",
      isRecaptchaEnabled: true,
      reCaptchaKey: "site-key-1",
    });
    expect(JSON.stringify(data)).not.toContain("secret-project");
  });
});

describe("the login page's social providers (issue 48 §3)", () => {
  const provider = (type: "Line" | "Google" | "YahooJapan", enabled = true) => ({
    type,
    enabled,
    clientId: `${type}-client`,
    issuer: `https://${type.toLowerCase()}.example.jp`,
  });
  const facebook = {
    type: "Facebook" as const,
    enabled: true,
    clientId: "facebook-client",
    authorizationEndpoint: "https://facebook.example.jp/dialog/oauth",
    tokenEndpoint: "https://facebook.example.jp/oauth/access_token",
    userinfoEndpoint: "https://facebook.example.jp/me",
  };

  /** Google is disabled; YahooJapan's secret is missing; the store's order is Facebook, LINE, Google, Yahoo. */
  async function socialApi() {
    return createTestApi({
      settings: {
        ...demoStoreSettings(),
        socialLogin: {
          providers: [facebook, provider("Line"), provider("Google", false), provider("YahooJapan")],
        },
      },
      deps: {
        social: new SocialLogin({
          secrets: { Line: "line-secret", Google: "google-secret", Facebook: "facebook-secret" },
        }),
      },
    });
  }

  it("lists exactly the enabled providers with a secret, in the store's order, and no secret", async () => {
    const social = await socialApi();
    try {
      for (const path of ["/zapi/internal/login/screen-data", "/zapi/internal/signup/auth/screen-data"]) {
        const response = await social.api.request(path);
        const body = await response.text();
        expect(JSON.parse(body).userIdentifierList).toEqual([
          { userIdentifierType: "Facebook", userIdentifierName: "Facebook" },
          { userIdentifierType: "Line", userIdentifierName: "LINE" },
        ]);
        // In the shape the social buttons read (social-offer.schema.json).
        expect(SOCIAL_OFFER(JSON.parse(body)), JSON.stringify(SOCIAL_OFFER.errors)).toBe(true);
        expect(body).not.toMatch(/-secret/);
      }
    } finally {
      await social.close();
    }
  });

  it("holds the offer to its shape: a provider the buttons do not know is not one", () => {
    const offer = { userIdentifierList: [{ userIdentifierType: "Line", userIdentifierName: "LINE" }] };
    expect(SOCIAL_OFFER(offer)).toBe(true);
    expect(
      SOCIAL_OFFER({ userIdentifierList: [{ userIdentifierType: "Myspace", userIdentifierName: "x" }] }),
    ).toBe(false);
  });

  it("offers none to the native app", async () => {
    const social = await socialApi();
    try {
      const response = await social.api.request("/zapi/internal/login/screen-data", {
        headers: { "user-agent": "Mozilla/5.0 SoramiruApp/3.2" },
      });
      expect((await response.json()).userIdentifierList).toEqual([]);
    } finally {
      await social.close();
    }
  });
});
