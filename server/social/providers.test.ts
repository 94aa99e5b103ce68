import { createHmac } from "node:crypto";
import type { CustomFetch } from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import {
  FAKE_CLIENT_SECRET,
  type FakeIdentityProviders,
  signInAtFake,
  startFakeIdentityProviders,
} from "../../tests/fakes/identity-providers.ts";
import {
  SocialCallbackRefused,
  SocialLogin,
  type SocialProviderSetting,
  type SocialType,
  socialConfigurationProblems,
  socialSecretsOf,
} from "./providers.ts";

const REDIRECT_URI = "http://localhost:3000/auth/callback";
let fakes: FakeIdentityProviders;
let social: SocialLogin;

beforeAll(async () => {
  fakes = await startFakeIdentityProviders({ redirectUris: [REDIRECT_URI] });
  social = new SocialLogin({ secrets: socialSecretsOf(fakes.secretEnv) });
});
afterAll(() => fakes.close());

function settingOf(type: SocialType): SocialProviderSetting {
  const setting = fakes.socialLogin.providers.find((provider) => provider.type === type);
  if (!setting) throw new Error(`no fake ${type}`);
  return setting;
}

function settingsWith(providers: SocialProviderSetting[]): StoreSettings {
  return { socialLogin: { providers } } as StoreSettings;
}

async function signIn(type: SocialType, identity: { subject: string; email?: string | null }) {
  const setting = settingOf(type);
  const { url, checks } = await social.begin(setting, REDIRECT_URI);
  const callback = await signInAtFake(url.href, identity);
  return { setting, checks, callback };
}

describe("the four providers through openid-client", () => {
  it.each([
    ["Line", "HS256 ID token with the e-mail"],
    ["Google", "RS256 ID token with the e-mail"],
    ["YahooJapan", "the e-mail from userinfo"],
  ] as const)("%s: the person of the ID token (%s)", async (type, _how) => {
    const { setting, checks, callback } = await signIn(type, {
      subject: `${type}-1`,
      email: "hanako@example.com",
    });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(await social.finish(setting, callback, checks)).toEqual({
      type,
      subject: `${type}-1`,
      email: "hanako@example.com",
      emailVerified: true,
    });
  });

  it("asks with state, nonce and an S256 PKCE challenge, never the secret", async () => {
    const { url, checks } = await social.begin(settingOf("Line"), REDIRECT_URI);
    expect(url.searchParams.get("state")).toBe(checks.state);
    expect(url.searchParams.get("nonce")).toBe(checks.nonce);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.href).not.toContain(FAKE_CLIENT_SECRET.Line);
  });

  it("Facebook: plain OAuth 2.0, the person from the Graph's /me, no e-mail when it has none", async () => {
    const { url, checks } = await social.begin(settingOf("Facebook"), REDIRECT_URI);
    expect(checks.nonce).toBeNull();
    expect(url.searchParams.get("scope")).toBe("email public_profile");
    const callback = await signInAtFake(url.href, { subject: "fb-1" });
    expect(await social.finish(settingOf("Facebook"), callback, checks)).toEqual({
      type: "Facebook",
      subject: "fb-1",
      email: null,
      emailVerified: false,
    });
  });
});

describe("refused callbacks", () => {
  it("refuses a callback whose state is not the one asked", async () => {
    const { setting, checks, callback } = await signIn("Google", {
      subject: "g-state",
      email: "a@example.com",
    });
    await expect(social.finish(setting, callback, { ...checks, state: "another-state" })).rejects.toThrow(
      SocialCallbackRefused,
    );
    callback.searchParams.delete("state");
    await expect(social.finish(setting, callback, checks)).rejects.toThrow(SocialCallbackRefused);
  });

  it("refuses a code used once already", async () => {
    const { setting, checks, callback } = await signIn("Google", {
      subject: "g-replay",
      email: "a@example.com",
    });
    await social.finish(setting, callback, checks);
    await expect(social.finish(setting, callback, checks)).rejects.toThrow(SocialCallbackRefused);
  });

  it("refuses an ID token with another nonce", async () => {
    const { setting, checks, callback } = await signIn("Line", {
      subject: "l-nonce",
      email: "a@example.com",
    });
    await expect(social.finish(setting, callback, { ...checks, nonce: "another-nonce" })).rejects.toThrow(
      SocialCallbackRefused,
    );
  });

  /**
   * A SocialLogin whose token answers pass `rewrite` on the way (a provider, or a man in the
   * middle, answering with another ID token), its claims given, the new token answered.
   */
  function withIdTokenRewritten(rewrite: (claims: Record<string, unknown>, idToken: string) => string) {
    const rewriting: CustomFetch = async (url, init) => {
      const response = await fetch(url, init as RequestInit);
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { id_token?: string } | null;
      if (!body?.id_token) return response;
      const [, payload = ""] = body.id_token.split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
      return Response.json(
        { ...body, id_token: rewrite(claims, body.id_token) },
        { headers: response.headers },
      );
    };
    return new SocialLogin({ secrets: socialSecretsOf(fakes.secretEnv), fetch: rewriting });
  }
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("refuses an ID token made for another client", async () => {
    // LINE's ID token for another channel, signed as LINE signs with the channel secret.
    const intercepted = withIdTokenRewritten((claims) => {
      const signingInput = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url({ ...claims, aud: "another-channel" })}`;
      const signature = createHmac("sha256", FAKE_CLIENT_SECRET.Line)
        .update(signingInput)
        .digest("base64url");
      return `${signingInput}.${signature}`;
    });
    const { url, checks } = await intercepted.begin(settingOf("Line"), REDIRECT_URI);
    const callback = await signInAtFake(url.href, { subject: "l-aud", email: "a@example.com" });
    await expect(intercepted.finish(settingOf("Line"), callback, checks)).rejects.toThrow(/\(aud\)/);
  });

  it("says why openid-client refused an answer, not only which kind of check failed", async () => {
    // A token answer whose ID token names nobody (its signature is not checked: it came straight
    // from the token endpoint over TLS, OpenID Connect Core 3.1.3.7).
    const intercepted = withIdTokenRewritten(({ sub: _sub, ...claims }, idToken) => {
      const [header, , signature] = idToken.split(".");
      return `${header}.${base64url(claims)}.${signature}`;
    });
    const { url, checks } = await intercepted.begin(settingOf("Google"), REDIRECT_URI);
    const callback = await signInAtFake(url.href, { subject: "g-nobody", email: "a@example.com" });
    await expect(intercepted.finish(settingOf("Google"), callback, checks)).rejects.toThrow(
      /^social login Google: OAUTH_INVALID_RESPONSE: invalid response encountered: JWT "sub" \(subject\) claim missing/,
    );
  });

  it("refuses a callback that carries the provider's error", async () => {
    const setting = settingOf("Google");
    const { checks } = await social.begin(setting, REDIRECT_URI);
    const callback = new URL(`${REDIRECT_URI}?error=access_denied&state=${checks.state}`);
    await expect(social.finish(setting, callback, checks)).rejects.toThrow(SocialCallbackRefused);
  });
});

describe("which providers are offered", () => {
  it("offers the enabled providers with a secret, in the store's order, and names the others at boot", () => {
    const providers = [settingOf("Facebook"), { ...settingOf("Google"), enabled: false }, settingOf("Line")];
    const onlyLine = new SocialLogin({ secrets: { Line: "x".repeat(32) } });
    expect(onlyLine.offered(settingsWith(providers)).map(({ type }) => type)).toEqual(["Line"]);
    expect(social.offered(settingsWith(providers)).map(({ type }) => type)).toEqual(["Facebook", "Line"]);
    expect(socialConfigurationProblems(settingsWith(providers), { Line: "x" })).toEqual([
      "Facebook is enabled but SOCIAL_FACEBOOK_CLIENT_SECRET is not set; its button is not shown",
    ]);
    expect(social.offered({} as StoreSettings)).toEqual([]);
  });

  it("reads each secret from SOCIAL_<TYPE>_CLIENT_SECRET and ignores blank ones", () => {
    expect(
      socialSecretsOf({
        SOCIAL_YAHOOJAPAN_CLIENT_SECRET: " s1 ",
        SOCIAL_LINE_CLIENT_SECRET: "  ",
        OTHER: "x",
      }),
    ).toEqual({ YahooJapan: "s1" });
  });
});
