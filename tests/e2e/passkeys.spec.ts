/**
 * Passkeys in Chromium with a virtual authenticator (Chrome DevTools Protocol WebAuthn: internal
 * transport, resident keys, user verification), against the lane whose public origin is
 * http://localhost (a relying party is a domain, never an IP address). A member adds a passkey
 * after re-authenticating, logs out, signs in with 「パスキーでログイン」 without a password or a
 * second code; the login provider's flow ends with an ID token whose amr says a passkey was used;
 * the passkey is renamed and deleted; a member with no other way in cannot delete their last one.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import * as oidc from "openid-client";
import { e2ePasskeysDataDir } from "../../playwright.config.ts";
import { newEmail, PASSKEYS, pinFrom, signUpMember, waitForMail, waitUntilHydrated } from "./helpers.ts";
import { PASSKEY_ONLY_MEMBER } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Passkey2026pass";
const CLIENT_ID = "e2e-passkey-relying-party";
const SECRET = "e2e-passkey-relying-party-secret-0123456789";
const SHOTS = process.env.E2E_SCREENSHOTS;

/** A phone's or computer's authenticator: it keeps discoverable keys and verifies the member. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Logs the page's member out through the logout page. */
async function logOut(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "ログアウトする" }).click();
  await expect(page.getByText("ログアウトしました。")).toBeVisible();
}

/**
 * A browser without passkeys in autofill (conditional mediation): the virtual authenticator answers
 * an autofill request at once, as if the member had picked the passkey, so the button is tested here.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) {
      Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", {
        value: undefined,
      });
    }
  });
}

/** Signs in with the button on the login page the page is on, landing where `landing` says. */
async function signInWithPasskey(page: Page, landing: RegExp) {
  const button = page.getByRole("button", { name: "パスキーでログイン" });
  await waitUntilHydrated(page, button);
  await button.click();
  await page.waitForURL(landing);
}

test.describe("passkeys", PASSKEYS, () => {
  test.describe.configure({ mode: "serial" });

  test("added after re-authenticating, signing in without a password or a code, renamed, deleted", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await withoutAutofill(page);
    const email = newEmail("passkey");
    await signUpMember(page, email, PASSWORD);
    const authenticator = await addAuthenticator(page);
    // The sign-up's proof has lapsed (the server's clock moved on): adding a passkey asks for the password first.
    const moved = await page.request.post("/zapi/test-clock", { data: { advanceSeconds: 11 * 60 } });
    expect(moved.status()).toBe(200);
    await page.goto("/mypage");
    await page.getByRole("link", { name: /パスキー/ }).click();
    await page.waitForURL("**/mypage/passkeys");
    await page.locator('[data-field="password"] input').fill(PASSWORD);
    await page.getByRole("button", { name: "確認する" }).click();
    await expect(page.getByText("登録されているパスキーはありません。")).toBeVisible();
    await shot(page, "passkeys-empty-375-ja");

    const addedAfter = Date.now() - 1000;
    const add = page.getByRole("button", { name: "パスキーを登録する" });
    await waitUntilHydrated(page, add);
    await add.click();
    await expect(page.getByText("パスキーを登録しました。")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Windows の Chrome" })).toBeVisible();
    await expect(page.getByText("未使用")).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    const notice = await waitForMail(email, "パスキーの登録のお知らせ", addedAfter);
    expect(notice.text).toContain("Windows の Chrome");
    await shot(page, "passkeys-added-375-ja");

    // Logged out, in again with the passkey alone: no password, no second code.
    await logOut(page);
    await page.goto("/login");
    await shot(page, "login-passkey-375-ja");
    await signInWithPasskey(page, /\/mypage$/);
    // The login history says how (at 1280 px, where it is a table).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/mypage/login-history");
    await expect(page.getByRole("cell", { name: "パスキー", exact: true }).first()).toBeVisible();
    await shot(page, "login-history-1280-ja");

    // Renamed, in English.
    await page.goto("/mypage/passkeys?lng=en");
    await page.getByRole("link", { name: "Rename: Windows の Chrome" }).click();
    const name = page.getByLabel("Passkey name");
    await name.fill("My work laptop");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The passkey was renamed.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "My work laptop" })).toBeVisible();
    await expect(
      page.getByText("Synced passkey", { exact: false }).or(page.getByText("Passkey on one device only")),
    ).toBeVisible();
    await shot(page, "passkeys-renamed-1280-en");

    // Deleted after the question; the member still has the password.
    const removedAfter = Date.now() - 1000;
    await page.getByRole("link", { name: "Delete: My work laptop" }).click();
    const dialog = page.getByRole("dialog", { name: 'Delete "My work laptop"?' });
    await expect(dialog).toBeVisible();
    await shot(page, "passkeys-delete-1280-en");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The passkey was deleted.")).toBeVisible();
    await expect(page.getByText("You have no passkeys.")).toBeVisible();
    await waitForMail(email, "removed from your account", removedAfter);
  });

  test("a member with no other way in cannot delete their last passkey", async ({ page }) => {
    await addAuthenticator(page);
    await page.goto("/login?loginType=authCode");
    await page.locator('[data-field="email"] input').fill(PASSKEY_ONLY_MEMBER);
    const sentAfter = Date.now() - 1000;
    await page.getByRole("button", { name: "認証コードを送信する" }).click();
    await page.waitForURL("**/login/code");
    const mail = await waitForMail(PASSKEY_ONLY_MEMBER, "ログイン用認証コード", sentAfter);
    await page.locator('[data-field="authCode"] input').first().fill(pinFrom(mail.text));
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL("**/mypage");

    await page.goto("/mypage/passkeys");
    const add = page.getByRole("button", { name: "パスキーを登録する" });
    await waitUntilHydrated(page, add);
    await add.click();
    await expect(page.getByText("パスキーを登録しました。")).toBeVisible();
    await expect(
      page.getByText("ほかにログインの手段がないため、このパスキーは削除できません。", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /^削除/ })).toHaveCount(0);
    await shot(page, "passkeys-last-way-in-1280-ja");
  });
});

test.describe("passkeys in the login provider's flow", PASSKEYS, () => {
  let origin: string;
  let redirectUri: string;
  let config: oidc.Configuration;
  const callbacks: URL[] = [];
  let callbackServer: Server;

  test.beforeAll(async ({ baseURL }) => {
    origin = String(baseURL);
    const rpPort = Number(new URL(origin).port) + 61;
    redirectUri = `http://127.0.0.1:${rpPort}/e2e-rp/callback`;
    callbackServer = createServer((req, res) => {
      const called = new URL(req.url ?? "/", redirectUri);
      if (called.pathname === new URL(redirectUri).pathname) callbacks.push(called);
      res.writeHead(200, { "content-type": "text/plain" }).end("relying party");
    });
    await new Promise<void>((done) => callbackServer.listen(rpPort, "127.0.0.1", done));
    const clientsFile = join(e2ePasskeysDataDir, "store", "oidc-clients.json");
    const file = JSON.parse(readFileSync(clientsFile, "utf8")) as { clients: unknown[] };
    file.clients.push({
      client_id: CLIENT_ID,
      client_secret: SECRET,
      token_endpoint_auth_method: "client_secret_basic",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      client_name: "E2E Passkey Relying Party",
    });
    writeFileSync(clientsFile, `${JSON.stringify(file, null, 2)}\n`);
    await expect
      .poll(
        async () => {
          config = await oidc.discovery(new URL(origin), CLIENT_ID, SECRET, undefined, {
            execute: [oidc.allowInsecureRequests],
          });
          const probe = await fetch(
            oidc.buildAuthorizationUrl(config, {
              redirect_uri: redirectUri,
              scope: "openid",
              code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
              code_challenge_method: "S256",
            }),
            { redirect: "manual" },
          );
          return probe.headers.get("location") ?? "";
        },
        { timeout: 10_000 },
      )
      .toBe("/oidc");
  });

  test.afterAll(async () => {
    await new Promise((done) => callbackServer.close(done));
  });

  test("the passkey offered in the identifier's autofill signs in; the code's ID token says a passkey was used", async ({
    page,
  }) => {
    const email = newEmail("passkey-oidc");
    await signUpMember(page, email, PASSWORD);
    await addAuthenticator(page);
    await page.goto("/mypage/passkeys");
    const add = page.getByRole("button", { name: "パスキーを登録する" });
    await waitUntilHydrated(page, add);
    await add.click();
    await expect(page.getByText("パスキーを登録しました。")).toBeVisible();
    await logOut(page);

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    });
    const before = callbacks.length;
    // The login page asks the browser for passkeys in the identifier's autofill; the member picks
    // theirs (the virtual authenticator does at once): no password, no click on a button. A first
    // authorization asks for consent.
    await page.goto(url.href);
    await page.waitForURL(/\/oidc\/consent$|e2e-rp\/callback/);
    if (page.url().endsWith("/oidc/consent")) await page.getByRole("button", { name: "許可する" }).click();
    await expect.poll(() => callbacks.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const callback = callbacks.at(-1) as URL;
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.amr).toEqual(["hwk", "mfa"]);
  });
});
