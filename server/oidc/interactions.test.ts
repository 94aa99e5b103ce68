/**
 * The provider's interactions over HTTP (issue 46 §3, §4), with openid-client as the relying party
 * (a maintained client, not our code): a member logged in to the site authorizes a client without
 * logging in again, consents with one optional scope refused (its claims then absent from the ID
 * token and userinfo), the code is redeemed once, the refresh token works, a second authorization
 * skips consent, cancel at consent is access_denied at the client, prompt=login and a visitor
 * without a session go to the login page, and an interaction that is gone shows the error page.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import * as oidc from "openid-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertSignedInAccount,
  type SignedInAccount,
  type TestApi,
} from "../../tests/api-harness.ts";
import { type OidcTestServer, serveOidcProvider } from "../../tests/oidc-test-server.ts";
import { accounts, oidcModels, sessions } from "../db/schema.ts";
import { setPassword, withdrawAccount } from "../identity/accounts.ts";
import { startSession } from "../identity/sessions.ts";
import { type OidcClientList, parseOidcClients } from "./client-source.ts";
import { endProviderSession } from "./logout.ts";

const REDIRECT = "https://rp.example/callback";
const SECRET = "a-confidential-clients-secret-0123456789";

let t: TestApi;
let server: OidcTestServer;
let origin: string;
let clients: OidcClientList;

/** The product's pages: the test acts there as the member would. */
const PAGES = new Set(["/oidc/login", "/oidc/consent", "/oidc/select-account", "/oidc/error"]);

/** A browser: follows nothing by itself, keeps cookies (names only: the paths are the provider's concern). */
class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(new URL(url, origin), { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.trim().split(/=(.*)/s);
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects within the provider's origin; answers the first location elsewhere, or the last page. */
  async follow(url: string, init: RequestInit = {}): Promise<string> {
    let response = await this.fetch(url, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get("location");
      if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")) {
        // The provider's self-submitting form (its logout of another member, then back): submitted
        // as the browser's script would.
        const page = await response.text();
        const action = /<form[^>]* method="post" action="([^"]+)"/.exec(page)?.[1];
        if (!action) return new URL(url, origin).href;
        const body = new URLSearchParams(
          [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
            ([, name = "", value = ""]) => [name, value],
          ),
        );
        url = new URL(action.replaceAll("&amp;", "&"), origin).href;
        response = await this.fetch(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin },
          body,
        });
        continue;
      }
      if (response.status < 300 || response.status >= 400 || !location) return new URL(url, origin).href;
      url = new URL(location, origin).href;
      if (!url.startsWith(origin)) return url;
      const path = new URL(url).pathname;
      if (PAGES.has(path)) return url;
      response = await this.fetch(url);
    }
    throw new Error("too many redirects");
  }
}

async function serve(): Promise<void> {
  server = await serveOidcProvider(t, { clients: () => clients });
  origin = server.origin;
}

beforeEach(async () => {
  clients = parseOidcClients(
    JSON.stringify({
      clients: [
        {
          client_id: "web",
          client_secret: SECRET,
          token_endpoint_auth_method: "client_secret_basic",
          client_name: "Web",
          redirect_uris: [REDIRECT],
          grant_types: ["authorization_code", "refresh_token"],
        },
      ],
    }),
    "test",
  );
  t = await createTestApi();
  await serve();
});
afterEach(async () => {
  await server.close();
  await t.close();
});

interface Authorization {
  url: string;
  verifier: string;
  state: string;
}

async function relyingParty(): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(origin), "web", SECRET, undefined, { execute: [oidc.allowInsecureRequests] });
}

async function authorization(
  config: oidc.Configuration,
  parameters: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const all: Record<string, string> = {
    redirect_uri: REDIRECT,
    scope: "openid email profile offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    prompt: "consent",
    ...parameters,
  };
  // prompt "" asks for no prompt at all.
  if (!all.prompt) delete all.prompt;
  const url = oidc.buildAuthorizationUrl(config, all);
  return { url: url.href, verifier, state };
}

function signedIn(browser: Browser, member: SignedInAccount): void {
  browser.cookies.set("sid", member.sessionToken);
}

/** The site's login again, as /oidc/login would leave the browser: a new session, proved now. */
async function logInAgain(browser: Browser, member: SignedInAccount): Promise<void> {
  const { token } = await startSession(t.db, {
    accountId: member.accountId,
    previousToken: browser.cookies.get("sid"),
    now: t.clock.now(),
    maxAgeMs: 24 * 60 * 60 * 1000,
    userAgent: null,
    ip: null,
  });
  browser.cookies.set("sid", token);
}

async function consent(browser: Browser, form: Record<string, string[]>): Promise<string> {
  const body = new URLSearchParams();
  for (const [name, values] of Object.entries(form)) for (const value of values) body.append(name, value);
  return browser.follow("/oidc/consent/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body,
  });
}

describe("the provider's interactions (issue 46 §3, §4)", () => {
  it("a member of the site authorizes a client: no second login, a refused scope's claims absent, tokens verified", async () => {
    const member = await insertSignedInAccount(t, { contactEmail: "rp-member@example.jp" });
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const request = await authorization(config);

    // The site's session is the login: straight to consent.
    expect(new URL(await browser.follow(request.url)).pathname).toBe("/oidc/consent");
    const callback = await consent(browser, {
      "addScope[]": ["email", "offline_access"],
      "rejectScope[]": ["profile", "openid"],
    });
    expect(callback.startsWith(`${REDIRECT}?`)).toBe(true);

    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: member.publicId, iss: origin, aud: "web" });
    expect(tokens.scope?.split(" ").sort()).toEqual(["email", "offline_access", "openid"]);
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, member.publicId);
    expect(userinfo).toMatchObject({
      sub: member.publicId,
      email: "rp-member@example.jp",
      email_verified: false,
    });
    // profile was refused: none of its claims, anywhere.
    for (const claim of ["name", "family_name", "given_name", "nickname", "birthdate"]) {
      expect(userinfo).not.toHaveProperty(claim);
      expect(claims).not.toHaveProperty(claim);
    }

    // The refresh token works.
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
    expect(refreshed.access_token).toBeTruthy();

    // A second authorization by the same member skips consent.
    const again = await authorization(config, { prompt: "", scope: "openid email" });
    const secondCallback = await browser.follow(again.url);
    expect(secondCallback.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(new URL(secondCallback).searchParams.get("code")).toBeTruthy();

    // …also from another browser session of the provider (the grant is the member's, not the session's).
    const elsewhere = new Browser();
    signedIn(elsewhere, member);
    const third = await authorization(config, { prompt: "", scope: "openid email" });
    expect((await elsewhere.follow(third.url)).startsWith(`${REDIRECT}?`)).toBe(true);

    // The code is redeemed once; a replay revokes what it gave (RFC 6749 §4.1.2).
    await expect(
      oidc.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("the ID token says how the site's login was made (amr): a passkey's hwk and mfa", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    const { token } = await startSession(t.db, {
      accountId: member.accountId,
      previousToken: undefined,
      now: t.clock.now(),
      maxAgeMs: 24 * 60 * 60 * 1000,
      userAgent: null,
      ip: null,
      amr: ["hwk", "mfa"],
    });
    browser.cookies.set("sid", token);
    const config = await relyingParty();
    const tokens = await authorizeWithEmail(browser, config);
    expect(tokens.claims()?.amr).toEqual(["hwk", "mfa"]);

    // A session that does not say (older than the column) gives no amr at all.
    const other = await insertSignedInAccount(t);
    const elsewhere = new Browser();
    signedIn(elsewhere, other);
    expect((await authorizeWithEmail(elsewhere, config)).claims()).not.toHaveProperty("amr");
  });

  it("a required scope cannot be refused", async () => {
    const member = await insertSignedInAccount(t, { contactEmail: "required@example.jp" });
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const request = await authorization(config, { scope: "openid email" });
    await browser.follow(request.url);
    const callback = await consent(browser, { "rejectScope[]": ["openid", "email"] });
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    expect(tokens.scope?.split(" ").sort()).toEqual(["email", "openid"]);
  });

  it("releases each allowed scope's claims as the store lists them: the address allowed, the phone refused", async () => {
    const member = await insertSignedInAccount(t, { contactEmail: "claims@example.jp" });
    await t.db
      .update(accounts)
      .set({
        postalCode: "1500002",
        prefecture: 13,
        address: "渋谷区渋谷1-2-3",
        address2: "ソラミルビル4F",
        phoneNumber: "09012345678",
        sex: 2,
        birthday: "19900102",
      })
      .where(eq(accounts.id, member.accountId));
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const request = await authorization(config, { scope: "openid email profile address phone" });
    await browser.follow(request.url);
    const callback = await consent(browser, { addScope: ["address", "profile"], rejectScope: ["phone"] });
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, member.publicId);
    expect(userinfo).toMatchObject({
      address: {
        postal_code: "150-0002",
        region: "東京都",
        street_address: "渋谷区渋谷1-2-3 ソラミルビル4F",
        country: "JP",
        formatted: "〒150-0002 東京都 渋谷区渋谷1-2-3 ソラミルビル4F",
      },
      gender: "female",
      birthdate: "1990-01-02",
    });
    expect(userinfo).not.toHaveProperty("phone_number");
  });

  it("cancel at consent is access_denied at the client", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const request = await authorization(await relyingParty());
    await browser.follow(request.url);
    const callback = new URL(await browser.follow("/oidc/consent/form/abort"));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(request.state);
  });

  it("a visitor without a session, and a member when the client asks (prompt=login), go to the login page", async () => {
    const config = await relyingParty();
    const visitor = new Browser();
    expect(new URL(await visitor.follow((await authorization(config)).url)).pathname).toBe("/oidc/login");
    // The login page's end, with no site session yet: back to the login page.
    expect(new URL(await visitor.follow("/oidc/loginInteraction")).pathname).toBe("/oidc/login");

    const browser = new Browser();
    const member = await insertSignedInAccount(t);
    signedIn(browser, member);
    t.clock.advance(1000);
    const forced = (await authorization(config, { prompt: "login" })).url;
    expect(new URL(await browser.follow(forced)).pathname).toBe("/oidc/login");
    // The login page's end with the session the member already had: not a fresh login.
    expect(new URL(await browser.follow("/oidc/loginInteraction")).pathname).toBe("/oidc/login");
    // Once the site's login is done again, the interaction goes on to consent.
    t.clock.advance(1000);
    await logInAgain(browser, member);
    expect(new URL(await browser.follow("/oidc/loginInteraction")).pathname).toBe("/oidc/consent");
  });

  it("max_age: a site login within it goes on; an older one is asked again, and only a new login answers", async () => {
    const config = await relyingParty();
    const browser = new Browser();
    const member = await insertSignedInAccount(t);
    signedIn(browser, member);
    t.clock.advance(30_000);
    const recent = await authorization(config, { max_age: "60" });
    expect(new URL(await browser.follow(recent.url)).pathname).toBe("/oidc/consent");

    t.clock.advance(60_000);
    const stale = await authorization(config, { max_age: "60" });
    expect(new URL(await browser.follow(stale.url)).pathname).toBe("/oidc/login");
    expect(new URL(await browser.follow("/oidc/loginInteraction")).pathname).toBe("/oidc/login");
    await logInAgain(browser, member);
    expect(new URL(await browser.follow("/oidc/loginInteraction")).pathname).toBe("/oidc/consent");
  });

  it("an interaction that is gone, or a form from another site, shows the error page", async () => {
    const stranger = new Browser();
    for (const path of ["/oidc", "/oidc/loginInteraction", "/oidc/consent/form/abort"]) {
      const location = new URL(await stranger.follow(path));
      expect(location.pathname).toBe("/oidc/error");
      expect(location.searchParams.get("status")).toBe("400");
    }
    const forged = new URL(
      await stranger.follow("/oidc/consent/form", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: "addScope=email",
      }),
    );
    expect(forged.searchParams.get("status")).toBe("403");
    const notForm = new URL(
      await stranger.follow("/oidc/consent/form", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(notForm.searchParams.get("status")).toBe("400");
  });
});

/** The client's end of a code flow: the tokens for the callback it was sent to. */
function tokensFor(config: oidc.Configuration, callback: string, request: Authorization) {
  expect(callback.startsWith(`${REDIRECT}?`), callback).toBe(true);
  return oidc.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
}

async function subjectOf(
  config: oidc.Configuration,
  callback: string,
  request: Authorization,
): Promise<string> {
  return (await tokensFor(config, callback, request)).claims()?.sub ?? "";
}

/** The browser's member authorizes the client for openid, email and a refresh token, consenting: the tokens. */
async function authorizeWithEmail(browser: Browser, config: oidc.Configuration) {
  // offline_access (a refresh token) is granted only where consent is asked (OIDC Core 11).
  const request = await authorization(config, { prompt: "consent", scope: "openid email offline_access" });
  expect(pathOf(await browser.follow(request.url))).toBe("/oidc/consent");
  return tokensFor(config, await consent(browser, { "addScope[]": ["email", "offline_access"] }), request);
}

function selectAccount(browser: Browser, accountId: string): Promise<string> {
  return browser.follow("/oidc/selectAccount/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ accountId }),
  });
}

const pathOf = (url: string) => new URL(url).pathname;

describe("account selection and one member per browser (issue 46 §3)", () => {
  it("prompt=select_account: the site's member goes on as themselves", async () => {
    const member = await insertSignedInAccount(t, { contactEmail: "chooser@example.jp" });
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    await authorizeWithEmail(browser, config);

    const request = await authorization(config, { prompt: "select_account", scope: "openid email" });
    expect(pathOf(await browser.follow(request.url))).toBe("/oidc/select-account");
    // Consent was given before: "log in" goes straight back to the client, as this member.
    expect(await subjectOf(config, await selectAccount(browser, member.publicId), request)).toBe(
      member.publicId,
    );
  });

  it("prompt=select_account: a page shown for another member is shown again, not taken", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const request = await authorization(await relyingParty(), { prompt: "select_account" });
    expect(pathOf(await browser.follow(request.url))).toBe("/oidc/select-account");
    const other = await insertSignedInAccount(t);
    expect(pathOf(await selectAccount(browser, other.publicId))).toBe("/oidc/select-account");
    expect(pathOf(await selectAccount(browser, ""))).toBe("/oidc/select-account");
  });

  it("prompt=select_account, another account: the site's login, then the client gets the new member", async () => {
    const first = await insertSignedInAccount(t, { contactEmail: "first@example.jp" });
    const second = await insertSignedInAccount(t, { contactEmail: "second@example.jp" });
    const browser = new Browser();
    signedIn(browser, first);
    const config = await relyingParty();
    expect((await authorizeWithEmail(browser, config)).claims()?.sub).toBe(first.publicId);

    const request = await authorization(config, { prompt: "select_account", scope: "openid email" });
    expect(pathOf(await browser.follow(request.url))).toBe("/oidc/select-account");
    expect(pathOf(await browser.follow("/oidc/selectAccount/form/switch"))).toBe("/oidc/login");
    // The site's login replaces the browser's session (server/identity/sign-in.ts): one member per browser.
    signedIn(browser, second);
    // The provider ends the first member's session, then asks the second member's consent.
    expect(pathOf(await browser.follow("/oidc/loginInteraction"))).toBe("/oidc/consent");
    expect(await subjectOf(config, await consent(browser, { "addScope[]": ["email"] }), request)).toBe(
      second.publicId,
    );
    // The provider ended the first member's session of its own; the site's, now the second's, stays.
    expect(browser.cookies.get("sid")).toBe(second.sessionToken);
    expect(await t.db.$count(sessions, eq(sessions.accountId, second.accountId))).toBe(1);

    // The first member's grant outlived that session: back as them, no consent asked.
    signedIn(browser, first);
    const again = await authorization(config, { prompt: "", scope: "openid email" });
    expect(await subjectOf(config, await browser.follow(again.url), again)).toBe(first.publicId);
  });

  it("prompt=select_account without a member of the site is the login", async () => {
    const visitor = new Browser();
    const request = await authorization(await relyingParty(), { prompt: "select_account" });
    expect(pathOf(await visitor.follow(request.url))).toBe("/oidc/login");
    // Selection requests outside a selection send the browser where the interaction is.
    expect(pathOf(await visitor.follow("/oidc/selectAccount/form/switch"))).toBe("/oidc/login");
    expect(pathOf(await visitor.follow("/oidc/selectAccountInteraction"))).toBe("/oidc/login");
    const member = await insertSignedInAccount(t);
    signedIn(visitor, member);
    expect(pathOf(await visitor.follow("/oidc/loginInteraction"))).toBe("/oidc/consent");
  });

  it("the provider never answers for a member the site no longer has: logged out → login, another member → that member", async () => {
    const first = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, first);
    const config = await relyingParty();
    await authorizeWithEmail(browser, config);

    // Logged out of the site: prompt=none cannot go on silently.
    browser.cookies.delete("sid");
    const silent = await authorization(config, { prompt: "none", scope: "openid email" });
    const refused = new URL(await browser.follow(silent.url));
    expect(refused.searchParams.get("error")).toBe("login_required");
    const asked = await authorization(config, { prompt: "", scope: "openid email" });
    expect(pathOf(await browser.follow(asked.url))).toBe("/oidc/login");

    // Another member logged in to the site: the provider goes on as them.
    const second = await insertSignedInAccount(t);
    signedIn(browser, second);
    const next = await authorization(config, { prompt: "", scope: "openid email" });
    expect(pathOf(await browser.follow(next.url))).toBe("/oidc/consent");
    expect(await subjectOf(config, await consent(browser, { "addScope[]": ["email"] }), next)).toBe(
      second.publicId,
    );
  });

  it("the selection's form is refused from another site; opened, it goes where the interaction is", async () => {
    const stranger = new Browser();
    const forged = new URL(
      await stranger.follow("/oidc/selectAccount/form", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: "accountId=x",
      }),
    );
    expect(forged.searchParams.get("status")).toBe("403");
    // Opened rather than posted: where the interaction is — without one, the error page's "start again".
    const opened = new URL(await stranger.follow("/oidc/selectAccount/form"));
    expect([opened.pathname, opened.searchParams.get("status")]).toEqual(["/oidc/error", "400"]);
    expect(
      new URL(await stranger.follow("/oidc/consent/form", { method: "PUT" })).searchParams.get("status"),
    ).toBe("405");
  });
});

describe("refresh tokens (issue 47 §3, §4)", () => {
  /** The client's refresh, or the OAuth error it gets. */
  async function refresh(config: oidc.Configuration, refreshToken: string) {
    try {
      return await oidc.refreshTokenGrant(config, refreshToken);
    } catch (error) {
      return { error: (error as { error?: string }).error };
    }
  }

  /** Whether the userinfo endpoint still takes the access token. */
  async function userinfoAnswers(config: oidc.Configuration, accessToken: string, sub: string) {
    try {
      return (await oidc.fetchUserInfo(config, accessToken, sub)).sub === sub;
    } catch {
      return false;
    }
  }

  it("rotate on every refresh; a spent one presented again revokes the grant and every token under it", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const first = await authorizeWithEmail(browser, config);
    const spent = first.refresh_token ?? "";
    const next = await oidc.refreshTokenGrant(config, spent);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(spent);

    // The spent one again: someone holds a copy. Neither it nor the one that replaced it works now.
    expect(await refresh(config, spent)).toEqual({ error: "invalid_grant" });
    expect(await refresh(config, next.refresh_token ?? "")).toEqual({ error: "invalid_grant" });
    expect(await userinfoAnswers(config, next.access_token, member.publicId)).toBe(false);
    // The grant is gone with them: the next authorization asks for consent again.
    const again = await authorization(config, { prompt: "", scope: "openid email" });
    expect(pathOf(await browser.follow(again.url))).toBe("/oidc/consent");
  });

  it("a password change ends the member's tokens, not the grant; another member's stay", async () => {
    const member = await insertSignedInAccount(t);
    const other = await insertSignedInAccount(t);
    const config = await relyingParty();
    const browser = new Browser();
    signedIn(browser, member);
    const tokens = await authorizeWithEmail(browser, config);
    const otherBrowser = new Browser();
    signedIn(otherBrowser, other);
    const otherTokens = await authorizeWithEmail(otherBrowser, config);

    await setPassword(t.db, member.accountId, {
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
      strength: "LOWER_DIGIT",
      now: t.clock.now(),
    });
    expect(await refresh(config, tokens.refresh_token ?? "")).toEqual({ error: "invalid_grant" });
    expect(await userinfoAnswers(config, tokens.access_token, member.publicId)).toBe(false);
    expect(await userinfoAnswers(config, otherTokens.access_token, other.publicId)).toBe(true);
    expect(await refresh(config, otherTokens.refresh_token ?? "")).toHaveProperty("access_token");
    // Consent stays given: logged in again, the client hears at once.
    const again = await authorization(config, { prompt: "", scope: "openid email" });
    expect(await subjectOf(config, await browser.follow(again.url), again)).toBe(member.publicId);
  });

  it("a withdrawal leaves nothing of the member at the provider", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const tokens = await authorizeWithEmail(browser, config);
    expect(await t.db.$count(oidcModels, eq(oidcModels.accountId, member.publicId))).toBeGreaterThan(0);

    expect(await withdrawAccount(t.db, member.accountId, null, t.clock.now())).toBe("withdrawn");
    expect(await t.db.$count(oidcModels, eq(oidcModels.accountId, member.publicId))).toBe(0);
    expect(await refresh(config, tokens.refresh_token ?? "")).toEqual({ error: "invalid_grant" });
  });
});

describe("logout, both ways (issue 47 §3)", () => {
  const LOGGED_OUT = "https://rp.example/logged-out";
  let backChannel: Server;
  let logoutTokens: string[];

  beforeEach(async () => {
    logoutTokens = [];
    backChannel = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        logoutTokens.push(new URLSearchParams(body).get("logout_token") ?? "");
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((done) => backChannel.listen(0, "127.0.0.1", done));
    const port = (backChannel.address() as AddressInfo).port;
    clients = parseOidcClients(
      JSON.stringify({
        clients: [
          {
            client_id: "web",
            client_secret: SECRET,
            token_endpoint_auth_method: "client_secret_basic",
            client_name: "Web",
            redirect_uris: [REDIRECT],
            post_logout_redirect_uris: [LOGGED_OUT],
            backchannel_logout_uri: `http://127.0.0.1:${port}/backchannel`,
            grant_types: ["authorization_code", "refresh_token"],
          },
        ],
      }),
      "test",
    );
  });
  afterEach(async () => {
    backChannel.closeAllConnections();
    await new Promise((done) => backChannel.close(done));
  });

  const siteSessionsOf = (member: SignedInAccount) =>
    t.db.$count(sessions, eq(sessions.accountId, member.accountId));
  const providerSessionsOf = (member: SignedInAccount) =>
    t.db.$count(oidcModels, and(eq(oidcModels.model, "Session"), eq(oidcModels.accountId, member.publicId)));

  /** The claims of a logout token (its signature is the client library's to check; here, what it says). */
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

  it("a relying party's logout with the member's ID token ends the site's session and returns to its registered URI", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const tokens = await authorizeWithEmail(browser, config);
    expect(await providerSessionsOf(member)).toBe(1);

    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? "",
      post_logout_redirect_uri: LOGGED_OUT,
      state: "bye",
    });
    // The page that goes on by itself may run its one script: the CSP names its hash.
    const going = await browser.fetch(logout.href);
    const script = /<script>([^<]+)<\/script>/.exec(await going.text())?.[1] ?? "";
    expect(script).toContain("submit()");
    expect(going.headers.get("content-security-policy")).toContain(
      `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`,
    );
    const landed = new URL(await browser.follow(logout.href));
    expect(`${landed.origin}${landed.pathname}`).toBe(LOGGED_OUT);
    expect(landed.searchParams.get("state")).toBe("bye");
    // Both sessions are gone, the site's cookie with it; the grant stays.
    expect(browser.cookies.has("sid")).toBe(false);
    expect(await siteSessionsOf(member)).toBe(0);
    expect(await providerSessionsOf(member)).toBe(0);
    expect(logoutTokens.map((token) => claimsOf(token).sub)).toEqual([member.publicId]);
    expect(claimsOf(logoutTokens[0] ?? "").events).toEqual({
      "http://schemas.openid.net/event/backchannel-logout": {},
    });

    // Afterwards the client cannot log the member in silently.
    const silent = await authorization(config, { prompt: "none", scope: "openid email" });
    expect(new URL(await browser.follow(silent.url)).searchParams.get("error")).toBe("login_required");
  });

  it("without the member's ID token the member is asked, and an unregistered return URI is refused", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    await authorizeWithEmail(browser, config);

    const asked = await browser.fetch(oidc.buildEndSessionUrl(config, { client_id: "web" }).href);
    const page = await asked.text();
    expect(page).toContain("Webからのログアウトの求めです。ソラミルからもログアウトしますか？");
    expect(page).not.toContain("<script>");
    expect(await siteSessionsOf(member)).toBe(1);

    const elsewhere = oidc.buildEndSessionUrl(config, {
      client_id: "web",
      post_logout_redirect_uri: "https://evil.example/after",
    });
    const refused = new URL(await browser.follow(elsewhere.href, { headers: { accept: "text/html" } }));
    expect(refused.pathname).toBe("/oidc/error");
    expect(await siteSessionsOf(member)).toBe(1);
  });

  it("the site's logout ends the provider's session and tells the client over the back channel", async () => {
    const member = await insertSignedInAccount(t);
    const browser = new Browser();
    signedIn(browser, member);
    const config = await relyingParty();
    const tokens = await authorizeWithEmail(browser, config);
    const cookieHeader = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

    await endProviderSession(server.provider, cookieHeader, console);
    expect(await providerSessionsOf(member)).toBe(0);
    expect(logoutTokens).toHaveLength(1);
    expect(claimsOf(logoutTokens[0] ?? "")).toMatchObject({ sub: member.publicId, aud: "web" });
    // The grant and the refresh token outlive the session (ADR 0035).
    expect(await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "")).toHaveProperty("access_token");
    // A browser without a provider session: nothing to end, nobody told.
    await endProviderSession(server.provider, "sid=x", console);
    expect(logoutTokens).toHaveLength(1);
  });
});
