import { readFileSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import {
  e2eDataDir,
  e2ePasskeysDataDir,
  e2eStoreEditsDataDir,
  PASSKEYS_PROJECT,
  STORE_EDITS_PROJECT,
} from "../../playwright.config.ts";
import { agreementTo, policiesInForce } from "../../server/identity/policy-records.ts";
import { readOutbox, readSmsOutbox } from "../../server/mail/outbox.ts";
import { loadPolicies } from "../../server/store/policy-source.ts";
import { demoRegistrationBody } from "../demo-registration.ts";
import { totpCode } from "../totp.ts";
import { SEEDED_PASSWORD } from "./seeded-members.ts";

let counter = 0;

/** A fresh address per call, so tests never collide on one e2e database (workers count apart). */
export function newEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${test.info().workerIndex}-${counter}@example.jp`;
}

/** The newest mail to an address in the server's outbox (another server's: its data folder), waiting for it. */
export async function waitForMail(to: string, subjectIncludes: string, after = 0, dataDir = serverDataDir()) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(dataDir);
        found = mails.find(
          (mail) =>
            mail.to === to && mail.subject.includes(subjectIncludes) && Date.parse(mail.sentAt) >= after,
        );
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest SMS to a number in the server's outbox sent at or after `after`, waiting for it. */
export async function waitForSms(to: string, after = 0) {
  let found: Awaited<ReturnType<typeof readSmsOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        const texts = await readSmsOutbox(serverDataDir());
        found = texts.find((sms) => sms.to === to && Date.parse(sms.sentAt) >= after);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function pinFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in:\n${text}`);
  return match[1];
}

/** Types a code into the PIN boxes (one digit per box, focus moves on). */
export async function typePin(page: Page, field: string, code: string) {
  await page.locator(`[data-field="${field}"] input`).first().click();
  await page.keyboard.type(code);
}

/** Reads every policy box to the end and ticks its consent. */
export async function agreeToPolicies(page: Page) {
  const boxes = page.locator(".sf-policy__box");
  for (let index = 0; index < (await boxes.count()); index++) {
    await boxes.nth(index).evaluate((box) => {
      box.scrollTop = box.scrollHeight;
      box.dispatchEvent(new Event("scroll"));
    });
  }
  const consents = page.locator('[data-field^="policy_"] input[type="checkbox"]');
  for (let index = 0; index < (await consents.count()); index++) {
    await expect(consents.nth(index)).toBeEnabled();
    await consents.nth(index).check();
  }
}

/**
 * Waits until React has taken over a page, up to `last` (the last element of the form): input given
 * to a schema form before hydration is not in React's state (the form needs scripts until issue
 * 22), which left a submit button disabled in one CI run. React claims each element as it hydrates
 * and commits in the next frame.
 */
/**
 * A seeded member signs in with the password from /login in `language` and lands on My Page
 * (tests/e2e/seed.ts, seeded-members.ts).
 */
export async function logInSeeded(page: Page, email: string, language: "ja" | "en") {
  await page.goto(`/login?lng=${language}`);
  const login = page.locator('form button[type="submit"]').first();
  await waitUntilHydrated(page, login);
  await page.locator('[data-field="emailUserId"] input').fill(email);
  await page.locator('[data-field="password"] input').fill(SEEDED_PASSWORD);
  await login.click();
  await page.waitForURL(/\/mypage$/);
}

export async function waitUntilHydrated(page: Page, last: Locator) {
  await expect
    .poll(() => last.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/**
 * Sign-up's first step: e-mail with policies; the page ends on the PIN entry. Answers the mailed
 * PIN. `onThisPage`: the page already shows an e-mail step (the login provider's, /oidc/signup/auth).
 */
export async function requestSignUpPin(
  page: Page,
  email: string,
  { onThisPage = false } = {},
): Promise<string> {
  if (!onThisPage) await page.goto("/signup/auth");
  const send = page.getByRole("button", { name: "認証コードを送信する" });
  await waitUntilHydrated(page, send);
  await page.locator('[data-field="email"] input').fill(email);
  await agreeToPolicies(page);
  const sentAfter = Date.now() - 1000;
  await send.click();
  await page.waitForURL("**/signup/pin-code");
  return pinFrom((await waitForMail(email, "会員登録用認証コード", sentAfter)).text);
}

/** Sign-up up to the registration form: e-mail with policies, then the mailed PIN. */
export async function signUpToForm(page: Page, email: string, options: { onThisPage?: boolean } = {}) {
  await typePin(page, "pinCode", await requestSignUpPin(page, email, options));
  await page.getByRole("button", { name: "認証する" }).click();
  await page.waitForURL("**/signup/form");
}

/**
 * Fills the demo store's registration form; `password` null where the form asks for none (a social
 * sign-up under a store that does not require one). `typed` replaces what goes into the formatted
 * fields: without JavaScript a person types the separators the script would add (1990/04/15, 100-0001).
 */
export async function fillRegistrationForm(
  page: Page,
  password: string | null,
  typed: { birthday?: string; postalCode?: string } = {},
) {
  await page.locator('[data-field="familyName"] input').fill("山田");
  await page.locator('[data-field="givenName"] input').fill("花子");
  await page.locator('[data-field="familyNameKana"] input').fill("ヤマダ");
  await page.locator('[data-field="givenNameKana"] input').fill("ハナコ");
  await page.locator('[data-field="birthday"] input').fill(typed.birthday ?? "19900415");
  await page.locator('[data-field="postalCode"] input').fill(typed.postalCode ?? "1000001");
  await page.locator('[data-field="prefecture"] select').selectOption("13");
  await page.locator('[data-field="address"] input').fill("千代田区千代田1-1");
  await page.locator('[data-field="custom_favoriteGenre"] select').selectOption("anime");
  if (password === null) return;
  await page.locator('[data-field="password"] input').fill(password);
  await page.locator('[data-field="passwordConfirm"] input').fill(password);
}

/** Fills and sends the demo store's registration form; the page ends on the completion screen. */
export async function submitRegistrationForm(page: Page, password: string) {
  await fillRegistrationForm(page, password);
  await page.getByRole("button", { name: "登録する" }).click();
  await skipSignupPlans(page);
}

/** The demo store offers its plans after the registration form: skipped, on to the completion. */
export async function skipSignupPlans(page: Page) {
  await page.waitForURL("**/signup/plans");
  // The way past the plans comes before the list and after it: the first one, as a person would.
  await page.getByRole("link", { name: "今はプランを契約しない" }).first().click();
  await page.waitForURL("**/signup/complete");
}

/**
 * A whole sign-up through the pages with the demo store's registration form; the page ends signed
 * in on the completion screen. Only for tests whose subject is the sign-up: others use signUpMember.
 */
export async function signUpThroughPages(page: Page, email: string, password: string) {
  await signUpToForm(page, email);
  await submitRegistrationForm(page, password);
}

/**
 * A member signed up by the API calls the sign-up pages make (e-mail with the policies in force,
 * the mailed PIN, the demo store's registration form), in milliseconds instead of seven page loads.
 * `password` null for a store whose sign-up asks for none.
 * page.request shares the browser context's cookies: the page is then signed in as that member.
 */
export async function signUpMember(
  page: Page,
  email: string,
  password: string | null,
  dataDir = serverDataDir(),
) {
  await startSignUp(page, email, "form", dataDir);
  const { password: _, passwordConfirm: __, ...withoutPassword } = demoRegistrationBody();
  // null: a store that asks for no password at sign-up (its form has no such field).
  const registration =
    password === null ? withoutPassword : { ...withoutPassword, password, passwordConfirm: password };
  await expectAnswered(page.request.post("/zapi/signup", { data: registration }));
}

/**
 * A sign-up begun by the API calls of its pages, up to the step a test is about: "pin-code" (the
 * e-mail step sent with the policies in force; answers the mailed PIN) or "form" (the PIN proved
 * too). The browser context holds the flow's cookie: the test opens /signup/{step} itself.
 */
export async function startSignUp(
  page: Page,
  email: string,
  step: "pin-code" | "form",
  dataDir = serverDataDir(),
): Promise<string> {
  const api = page.request;
  const policies = loadPolicies(join(dataDir, "store", "policies"));
  const policyConsentData = agreementTo(policiesInForce(policies, new Date(), "ja"));
  const sentAfter = Date.now() - 1000;
  await expectAnswered(
    api.post("/zapi/signup/email", { data: { type: "signUp", email, policyConsentData } }),
  );
  // Any subject: the mail is in the language the browser's cookie has chosen.
  const pinCode = pinFrom((await waitForMail(email, "", sentAfter, dataDir)).text);
  if (step === "form") await expectAnswered(api.post("/zapi/signup/pin-code", { data: { pinCode } }));
  return pinCode;
}

/**
 * A wait the server enforces (a resend interval, the purchase spacing), passed without waiting: the
 * server's test clock (TEST_CLOCK, server/test-clock.ts) and the page's (Playwright's, which the
 * test installs before the page loads) move forward together.
 */
export async function letTimePass(page: Page, seconds: number) {
  await expectAnswered(page.request.post("/zapi/test-clock", { data: { advanceSeconds: seconds } }));
  await page.clock.fastForward(seconds * 1000);
}

/** The server's time (its test clock may be ahead of this machine's): for codes computed from the time. */
export async function serverNow(page: Page): Promise<number> {
  const response = await page.request.get("/zapi/test-clock");
  expect(response.status()).toBe(200);
  return Date.parse(((await response.json()) as { now: string }).now);
}

async function expectAnswered(sent: Promise<APIResponse>) {
  const response = await sent;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(200);
}

/** Collects CSP violations (the DOM event, and Chromium's console report) from the page's start. */
/** The paths of every POST the page sends from now on (a form checked in the browser sends none). */
export function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    // The login pages ask for a passkey challenge as they load (the identifier's autofill): not a form's post.
    if (request.method() === "POST" && !PASSKEY_AUTOFILL_CHALLENGE.test(path)) posts.push(path);
  });
  return posts;
}

const PASSKEY_AUTOFILL_CHALLENGE = /^\/zapi(\/oidc)?\/login\/passkey\/options$/;

export async function watchCsp(page: Page): Promise<string[]> {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => reports.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return reports;
}

/**
 * Waits until the page has had no request in flight for `quietMs`: Playwright's "networkidle" with
 * a 100 ms window instead of 500 ms, which a walk over every screen pays once per URL. Call it
 * before the navigation whose requests it should see.
 */
export function trackRequests(page: Page): { settled(quietMs?: number): Promise<void> } {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const start = (request: unknown) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async settled(quietMs = 100) {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, {
          intervals: [quietMs / 2],
          timeout: 15_000,
          message: "requests still in flight",
        })
        .toBe(true);
    },
  };
}

/** The version of the store settings the server runs with (its root screen data). */
async function storeVersion(request: APIRequestContext): Promise<string> {
  const body = await (await request.get("/zapi/internal/root/screen-data")).json();
  return body.storeSettingVersion as string;
}

/**
 * Marks a describe block whose tests change the store file: Playwright runs them in their own
 * project, one at a time, against a server of their own (playwright.config.ts).
 */
export const EDITS_STORE = { tag: "@edits-store" } as const;

/** The data folder of the server the running test browses: the store-edits lane has its own. */
export function serverDataDir(): string {
  const { name } = test.info().project;
  if (name === STORE_EDITS_PROJECT) return e2eStoreEditsDataDir;
  return name === PASSKEYS_PROJECT ? e2ePasskeysDataDir : e2eDataDir;
}

/** Marks a describe block that uses passkeys: it runs against the server whose origin is a domain. */
export const PASSKEYS = { tag: "@passkeys" } as const;

/** The store file of the running test's server, as the server last read it or a test wrote it. */
export function readStoreFile(): string {
  return readFileSync(join(serverDataDir(), "store", "store.json"), "utf8");
}

/**
 * Writes the store file of the store-edits lane's server. Only tests tagged EDITS_STORE may: the
 * other tests see the demo store throughout.
 */
export function writeStoreFile(text: string) {
  const { project } = test.info();
  if (project.name !== STORE_EDITS_PROJECT) {
    throw new Error(`A test that edits the store must be tagged EDITS_STORE (it ran in "${project.name}")`);
  }
  writeFileSync(join(e2eStoreEditsDataDir, "store", "store.json"), text);
}

/** Puts `text` in the store-edits server's store file and waits until the server has reloaded it. */
export async function runWithStore(request: APIRequestContext, text: string) {
  const before = await storeVersion(request);
  writeStoreFile(text);
  await expect.poll(() => storeVersion(request), { timeout: 10_000 }).not.toBe(before);
}

/**
 * The Fetch Metadata the browser sent with each top-level navigation to a path under `prefix` of
 * this site (a provider's way back), in order: `cross-site` when another site sent it.
 */
export function watchArrivals(page: Page, prefix: string): string[] {
  const arrivals: string[] = [];
  page.on("request", async (request) => {
    const url = new URL(request.url());
    if (!request.isNavigationRequest() || !url.pathname.startsWith(prefix)) return;
    arrivals.push((await request.allHeaders())["sec-fetch-site"] ?? "");
  });
  return arrivals;
}

/**
 * Serves the sandbox processor's pages (the 3-D Secure challenge, PayPal's approval) to this
 * browser as the card issuer's or the wallet's own site would: the browser is sent on to
 * `localhost` — another site than 127.0.0.1 — on a port of its own, where a forwarding server
 * answers with the sandbox's pages, so the way back to the store is the cross-site navigation it is
 * in real life. The issuer's page is under a policy of its own, not the store's. Answers a closer.
 */
export async function paymentPagesOnAnotherSite(page: Page, baseURL: string): Promise<() => Promise<void>> {
  const store = new URL(baseURL);
  const issuerSite = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        hostname: store.hostname,
        port: store.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: store.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers["content-security-policy"];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => issuerSite.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(issuerSite.address() as AddressInfo).port}`;
  await page.route(`${store.origin}/sandbox-pay/action/**`, async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.method() !== "GET") return route.continue();
    const { pathname, search } = new URL(request.url());
    await route.fulfill({ status: 302, headers: { location: `${issuer}${pathname}${search}` } });
  });
  return async () => {
    await page.unrouteAll({ behavior: "wait" });
    issuerSite.closeAllConnections();
    await new Promise((resolve) => issuerSite.close(resolve));
  };
}

/**
 * A staff member added by `npm run staff:add` (tests/e2e/seed.ts) sets up from the link — the
 * authenticator's secret read off the page, a password chosen — and signs in: the page ends on
 * /console. Each authenticator code is taken on the server's clock moved to its next step.
 */
export async function setUpAndSignInStaff(
  page: Page,
  staff: { email: string; setupToken: string },
  language: "ja" | "en",
) {
  const password = "correct horse battery staple";
  await page.goto(`/console/setup?token=${staff.setupToken}&lng=${language}`);
  const secret = ((await page.locator(".console-card__secret").textContent()) ?? "").replace(/\s/g, "");
  const code = async () => {
    const moved = await page.request.post("/zapi/test-clock", { data: { advanceSeconds: 30 } });
    expect(moved.status()).toBe(200);
    return totpCode(secret, await serverNow(page));
  };
  await page.locator("input[name=password]").fill(password);
  await page.locator("input[name=code]").fill(await code());
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(/\/console\/login\?setup=done$/);
  await page.locator("input[name=email]").fill(staff.email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("input[name=code]").fill(await code());
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(/\/console$/);
}
