/**
 * Issue 46: the login provider, with openid-client as the relying party (a maintained client, not
 * our code) and Chromium as the member's browser. The client is added to the running server's
 * oidc-clients.json and is usable at once; a visitor logs in with a password inside the flow,
 * consents with the optional profile refused (its claims absent from the ID token and userinfo),
 * the tokens are verified and refreshed, a second authorization skips consent, and cancel at
 * consent is access_denied at the client. A member with an authenticator app passes its step inside
 * the flow; prompt=select_account (in English) goes on as the site's member, or switches to another
 * account, which then is the site's member too.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import * as oidc from "openid-client";
import { e2eDataDir } from "../../playwright.config.ts";
import { totpCode } from "../totp.ts";
import {
  fillRegistrationForm,
  newEmail,
  pinFrom,
  serverNow,
  signUpMember,
  signUpToForm,
  typePin,
  waitForMail,
  waitUntilHydrated,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Provider2026pass";
const CLIENT_ID = "e2e-relying-party";
const SECRET = "e2e-relying-party-secret-0123456789abcdef";
const clientsFile = join(e2eDataDir, "store", "oidc-clients.json");

test.describe.configure({ mode: "serial" });

let origin: string;
let redirectUri: string;
/** Where the client's logout returns the member (registered, matched exactly). */
let loggedOutUri: string;
let config: oidc.Configuration;

/** Adds the test's client to the running server's file (the only spec that edits it). */
function registerClient() {
  const file = JSON.parse(readFileSync(clientsFile, "utf8")) as { clients: { client_id: string }[] };
  const clients = file.clients.filter((client) => client.client_id !== CLIENT_ID);
  clients.push({
    client_id: CLIENT_ID,
    client_secret: SECRET,
    token_endpoint_auth_method: "client_secret_basic",
    redirect_uris: [redirectUri],
    post_logout_redirect_uris: [loggedOutUri],
    grant_types: ["authorization_code", "refresh_token"],
    client_name: "E2E Relying Party",
    client_name_ja: "E2E 連携サービス",
    provider_name: "テスト株式会社",
    description: "ブラウザのテストが動かす連携先です。",
  } as never);
  writeFileSync(clientsFile, `${JSON.stringify({ ...file, clients }, null, 2)}\n`);
}

interface Authorization {
  url: string;
  verifier: string;
  state: string;
}

async function authorization(parameters: Record<string, string> = {}): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...parameters,
  });
  return { url: url.href, verifier, state };
}

/** The relying party's callback: a server of the test's own, which records each call. */
const callbacks: URL[] = [];
let callbackServer: Server;

/** Does `start` and hands back the URL the relying party's callback was then called with. */
async function callbackOf(page: Page, start: () => Promise<unknown>): Promise<URL> {
  const before = callbacks.length;
  await start();
  await expect.poll(() => callbacks.length, { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(page.getByText("relying party")).toBeVisible();
  return callbacks[callbacks.length - 1] as URL;
}

test.beforeAll(async ({ baseURL }) => {
  origin = String(baseURL);
  const rpPort = Number(new URL(origin).port) + 59;
  redirectUri = `${origin.replace(/:\d+$/, "")}:${rpPort}/e2e-rp/callback`;
  loggedOutUri = `${origin.replace(/:\d+$/, "")}:${rpPort}/e2e-rp/logged-out`;
  callbackServer = createServer((req, res) => {
    const called = new URL(req.url ?? "/", redirectUri);
    // Not the browser's favicon request.
    if (called.pathname === new URL(redirectUri).pathname) callbacks.push(called);
    res.writeHead(200, { "content-type": "text/plain" }).end("relying party");
  });
  await new Promise<void>((done) => callbackServer.listen(rpPort, "127.0.0.1", done));
  registerClient();
  // Usable on the next request once the server has read the file.
  await expect
    .poll(
      async () => {
        const candidate = await oidc.discovery(new URL(origin), CLIENT_ID, SECRET, undefined, {
          execute: [oidc.allowInsecureRequests],
        });
        const probe = await fetch(
          oidc.buildAuthorizationUrl(candidate, {
            redirect_uri: redirectUri,
            scope: "openid",
            code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
            code_challenge_method: "S256",
          }),
          { redirect: "manual" },
        );
        config = candidate;
        return probe.headers.get("location") ?? "";
      },
      { timeout: 10_000 },
    )
    .toBe("/oidc");
});

test.afterAll(async () => {
  await new Promise((done) => callbackServer.close(done));
});

test("a visitor logs in inside the flow, refuses the profile, and the client gets verified tokens", async ({
  browser,
}) => {
  const email = newEmail("oidc");
  // The member signs up on the site first, in a browser of their own.
  const signUp = await browser.newPage();
  await signUpMember(signUp, email, PASSWORD);
  await signUp.close();

  const page = await browser.newPage();
  const request = await authorization({ prompt: "consent" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/oidc\/login$/);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();

  await expect(page).toHaveURL(/\/oidc\/consent$/);
  await expect(page.getByRole("heading", { name: "アクセスの許可" })).toBeVisible();
  await expect(page.getByText("E2E 連携サービス", { exact: true })).toBeVisible();
  await expect(page.getByText("提供：テスト株式会社")).toBeVisible();
  // Mandatory scopes are locked on; the optional ones start off, and the member opts in.
  await expect(page.getByRole("switch", { name: /メールアドレス/ })).toBeDisabled();
  await expect(page.getByRole("switch", { name: /メールアドレス/ })).toBeChecked();
  const profile = page.getByRole("switch", { name: /プロフィール/ });
  await expect(profile).not.toBeChecked();
  const away = page.getByRole("switch", { name: /ログインしていない間の利用/ });
  await expect(away).not.toBeChecked();
  await waitUntilHydrated(page, away);
  await away.check();
  await expect(page.getByRole("heading", { name: "ご注意" })).toBeVisible();
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());

  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  // The ID token of the code flow carries who (the scopes' claims are userinfo's: OIDC Core 5.4).
  const claims = tokens.claims();
  expect(claims?.sub).toBeTruthy();
  expect(claims).not.toHaveProperty("name");
  expect(claims).not.toHaveProperty("nickname");
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, String(claims?.sub));
  expect(userinfo).toMatchObject({ email, email_verified: true });
  expect(userinfo).not.toHaveProperty("name");
  expect(tokens.scope?.split(" ").sort()).toEqual(["email", "offline_access", "openid"]);
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
  expect(refreshed.access_token).toBeTruthy();

  // A second authorization: the member is known and has consented, so the client hears at once.
  const again = await authorization({ scope: "openid email" });
  const second = await callbackOf(page, () => page.goto(again.url));
  expect(second.searchParams.get("code")).toBeTruthy();
  expect(second.searchParams.get("state")).toBe(again.state);

  // Cancel at consent: access_denied at the client.
  const asked = await authorization({ prompt: "consent" });
  await page.goto(asked.url);
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  const cancelled = await callbackOf(page, () => page.getByRole("link", { name: "キャンセル" }).click());
  expect(cancelled.searchParams.get("error")).toBe("access_denied");
  expect(cancelled.searchParams.get("state")).toBe(asked.state);
  await page.close();
});

/** The subject the client gets for a callback of `request`. */
async function subjectOf(callback: URL, request: Authorization): Promise<string> {
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  return String(tokens.claims()?.sub);
}

async function logInInsideTheFlow(page: Page, email: string, submit: string) {
  await expect(page).toHaveURL(/\/oidc\/login$/);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(PASSWORD);
  await page.getByRole("button", { name: submit, exact: true }).click();
}

test("a new visitor signs up inside the flow and arrives back at the client, logged in to the site", async ({
  browser,
}) => {
  const email = newEmail("oidc-signup");
  const page = await browser.newPage();
  const request = await authorization({ scope: "openid email" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/oidc\/login$/);
  await page.getByRole("link", { name: "新規会員登録はこちら" }).click();
  // The demo store puts no policy step first: /oidc/signup goes on to the flow's e-mail step.
  await expect(page).toHaveURL(/\/oidc\/signup\/auth$/);
  await expect(page.getByRole("link", { name: "すでに会員の方はこちら" })).toHaveAttribute(
    "href",
    "/oidc/login",
  );
  // The PIN and the store's registration form are the site's own pages.
  await signUpToForm(page, email, { onThisPage: true });
  await fillRegistrationForm(page, PASSWORD);
  await page.getByRole("button", { name: "登録する" }).click();

  await expect(page).toHaveURL(/\/oidc\/consent$/);
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());
  const { authId } = (await (await page.request.get("/zapi/internal/root/screen-data")).json()) as {
    authId: string;
  };
  expect(authId).toBeTruthy();
  expect(await subjectOf(callback, request)).toBe(authId);
  await page.close();
});

test("the member sees the client under connected apps, disconnects it, and its refresh token stops working", async ({
  browser,
}) => {
  const email = newEmail("oidc-revoke");
  const page = await browser.newPage();
  await signUpMember(page, email, PASSWORD);
  const request = await authorization({ prompt: "consent" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  // A refresh token only when the member allows access while away (an optional scope, off at first).
  const away = page.getByRole("switch", { name: /ログインしていない間の利用/ });
  await waitUntilHydrated(page, away);
  await away.check();
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });
  expect(tokens.refresh_token).toBeTruthy();

  await page.goto("/mypage");
  await page.getByRole("link", { name: "連動アプリ" }).click();
  await expect(page).toHaveURL(/\/mypage\/connections$/);
  await expect(page.getByRole("heading", { name: "連動アプリ", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: /E2E 連携サービス/ }).click();
  await expect(page).toHaveURL(/\/mypage\/connections\/client\/e2e-relying-party$/);
  await expect(page.getByText("提供：テスト株式会社")).toBeVisible();
  await expect(page.getByText("ブラウザのテストが動かす連携先です。")).toBeVisible();
  await expect(page.getByRole("heading", { name: "許可している情報" })).toBeVisible();
  await expect(page.getByText("メールアドレス", { exact: true })).toBeVisible();

  // Closing the question changes nothing.
  await page.getByRole("link", { name: "連動を解除する" }).click();
  const dialog = page.getByRole("dialog", { name: "E2E 連携サービスとの連動を解除しますか？" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "閉じる" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "連動を解除する" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "解除する" }).click();
  await expect(page).toHaveURL(/\/mypage\/connections\?done=revoked$/);
  await expect(page.getByRole("status").filter({ hasText: "連動を解除しました" })).toBeVisible();
  await expect(page.getByText("許可しているサービス・アプリはありません。")).toBeVisible();

  await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? "")).rejects.toMatchObject({
    error: "invalid_grant",
  });
  await page.close();
});

test("the client logs the member out: back at its registered URI, the site's session gone, prompt=none then login_required", async ({
  browser,
}) => {
  const email = newEmail("oidc-logout");
  const page = await browser.newPage();
  await signUpMember(page, email, PASSWORD);
  const request = await authorization({ prompt: "consent", scope: "openid email" });
  await page.goto(request.url);
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
  });

  const logout = oidc.buildEndSessionUrl(config, {
    id_token_hint: tokens.id_token ?? "",
    post_logout_redirect_uri: loggedOutUri,
    state: "e2e-bye",
  });
  await page.goto(logout.href);
  await expect(page).toHaveURL(`${loggedOutUri}?state=e2e-bye`);
  const root = (await (await page.request.get("/zapi/internal/root/screen-data")).json()) as {
    authId: unknown;
  };
  expect(root.authId).toBeNull();

  const silent = await authorization({ prompt: "none", scope: "openid email" });
  const refused = await callbackOf(page, () => page.goto(silent.url));
  expect(refused.searchParams.get("error")).toBe("login_required");
  await page.close();
});

test("a member with an authenticator app passes the second step inside the flow", async ({ browser }) => {
  const email = newEmail("oidc-mfa");
  const page = await browser.newPage();
  await signUpMember(page, email, PASSWORD);
  // The app turned on by the calls its page makes (tests/e2e/multi-factor.spec.ts walks the page).
  const setup = (await (
    await page.request.get("/zapi/internal/mypage/multi-factor/otp/screen-data")
  ).json()) as {
    secret: string;
  };
  const enabled = await page.request.post("/zapi/account/enable-multi-factor", {
    data: { multiFactorType: "OTP", token: totpCode(setup.secret, await serverNow(page)) },
    headers: { origin },
  });
  expect(enabled.ok()).toBe(true);
  // The app is on once backup codes are registered beside it.
  const codes = (await (
    await page.request.get("/zapi/internal/mypage/multi-factor/backup-code/generate/screen-data")
  ).json()) as { backupCodeList: string[] };
  const registered = await page.request.post("/zapi/account/enable-multi-factor/with-backup-code", {
    data: { backupCodeList: codes.backupCodeList },
    headers: { origin },
  });
  expect(registered.ok()).toBe(true);
  await page.context().clearCookies();

  const request = await authorization({ prompt: "consent", scope: "openid email" });
  await page.goto(request.url);
  await logInInsideTheFlow(page, email, "ログイン");
  await expect(page).toHaveURL(/\/oidc\/login\/multi-factor\/otp$/);
  const verify = page.getByRole("button", { name: "認証する" });
  await waitUntilHydrated(page, verify);
  // The next time step: the code that turned the app on is spent.
  await typePin(page, "value", totpCode(setup.secret, (await serverNow(page)) + 30_000));
  await verify.click();
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());
  expect(await subjectOf(callback, request)).toBeTruthy();
  await page.close();
});

test("a member logs in with an e-mailed code inside the flow", async ({ browser }) => {
  const email = newEmail("oidc-code");
  const signUp = await browser.newPage();
  await signUpMember(signUp, email, PASSWORD);
  await signUp.close();

  const page = await browser.newPage();
  const request = await authorization({ prompt: "consent", scope: "openid email" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/oidc\/login$/);
  await page.goto("/oidc/login?loginType=authCode");
  await page.locator('[data-field="email"] input').fill(email);
  const codeAfter = Date.now() - 1000;
  await page.getByRole("button", { name: "認証コードを送信する" }).click();
  await page.waitForURL("**/oidc/login/code");
  const mail = await waitForMail(email, "ログイン用認証コード", codeAfter);
  await page.locator('[data-field="authCode"] input').first().fill(pinFrom(mail.text));
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  const callback = await callbackOf(page, () => page.getByRole("button", { name: "許可する" }).click());
  expect(await subjectOf(callback, request)).toBeTruthy();
  await page.close();
});

test("prompt=select_account, in English: on as the site's member, then as another account, who is then the site's member too", async ({
  browser,
}) => {
  const first = newEmail("oidc-first");
  const second = newEmail("oidc-second");
  const elsewhere = await browser.newPage();
  await signUpMember(elsewhere, second, PASSWORD);
  await elsewhere.close();
  const page = await browser.newPage();
  await signUpMember(page, first, PASSWORD);
  await page.goto("/?lng=en");

  const request = await authorization({ prompt: "select_account", scope: "openid email" });
  await page.goto(request.url);
  await expect(page).toHaveURL(/\/oidc\/select-account$/);
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await expect(page.getByText("Choose the account to log in to E2E Relying Party with.")).toBeVisible();
  await page.getByRole("button", { name: new RegExp(first.replace(/[.+]/g, "\\$&")) }).click();
  // The first authorization of this client by this member: consent.
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  await expect(page.getByRole("heading", { name: "Allow access" })).toBeVisible();
  const firstCallback = await callbackOf(page, () => page.getByRole("button", { name: "Allow" }).click());
  const firstSubject = await subjectOf(firstCallback, request);

  const again = await authorization({ prompt: "select_account", scope: "openid email" });
  await page.goto(again.url);
  await expect(page).toHaveURL(/\/oidc\/select-account$/);
  await page.getByRole("link", { name: "Log in with another account" }).click();
  await logInInsideTheFlow(page, second, "Log in");
  await expect(page).toHaveURL(/\/oidc\/consent$/);
  const secondCallback = await callbackOf(page, () => page.getByRole("button", { name: "Allow" }).click());
  const tokens = await oidc.authorizationCodeGrant(config, secondCallback, {
    pkceCodeVerifier: again.verifier,
    expectedState: again.state,
  });
  const secondSubject = String(tokens.claims()?.sub);
  expect(secondSubject).not.toBe(firstSubject);
  expect(await oidc.fetchUserInfo(config, tokens.access_token, secondSubject)).toMatchObject({
    email: second,
  });
  // One member per browser: the site's session is the second member's now.
  const mypage = (await (await page.request.get("/zapi/internal/mypage/screen-data")).json()) as Record<
    string,
    unknown
  >;
  expect(JSON.stringify(mypage)).toContain(second);
  expect(JSON.stringify(mypage)).not.toContain(first);
  await page.close();
});

test("a request for an unregistered redirect URI shows the error page, never a redirect", async ({
  page,
}) => {
  const request = await authorization();
  const url = new URL(request.url);
  url.searchParams.set("redirect_uri", `${redirectUri}/extra`);
  await page.goto(url.href);
  await expect(page).toHaveURL(/\/oidc\/error\?/);
  await expect(page.getByText("invalid_redirect_uri")).toBeVisible();
});

test("the provider's pages without an interaction say to start again", async ({ page }) => {
  await page.goto("/oidc/login");
  await expect(page).toHaveURL(/\/oidc\/error\?/);
  await page.goto("/oidc/consent");
  await expect(page).toHaveURL(/\/oidc\/error\?/);
});
