/**
 * Staff for the console's API tests: added on the server, set up through the set-up link's calls
 * (password and authenticator app), signed in with a code, as a person would.
 */
import { expect } from "vitest";
import { addStaff, type ConsoleDeps } from "../server/console/staff.ts";
import { type TestApi, TestBrowser } from "./api-harness.ts";
import { totpCode } from "./totp.ts";

export const STAFF_PASSWORD = "correct horse battery staple";

export function consoleDepsOf(t: TestApi): ConsoleDeps {
  return { db: t.db, secretBox: t.deps.secretBox, passwords: t.deps.passwords, now: () => t.clock.now() };
}

/** A staff member added on the server and set up through the set-up link's calls; gives the secret. */
export async function setUpThroughLink(
  t: TestApi,
  browser: TestBrowser,
  email = "ops@example.jp",
  role = "owner",
): Promise<string> {
  const { setupToken } = await addStaff(consoleDepsOf(t), { email, role }, { staffId: null, ip: null });
  const offer = await browser.get(`/zapi/console/setup/screen-data?token=${setupToken}`);
  expect(offer.status).toBe(200);
  const { otpSecret, email: shownEmail } = (await offer.json()) as { otpSecret: string; email: string };
  expect(shownEmail).toBe(email);
  const done = await browser.post("/zapi/console/setup", {
    token: setupToken,
    password: STAFF_PASSWORD,
    code: totpCode(otpSecret, t.clock.now().getTime()),
  });
  expect(done.status).toBe(200);
  expect(await done.json()).toEqual({ redirectTo: "/console/login" });
  t.clock.advance(30_000);
  return otpSecret;
}

/** A browser signed in to the console as a new staff member of `role`, set up through the link. */
export async function signedInStaff(t: TestApi, email: string, role: string): Promise<TestBrowser> {
  const browser = new TestBrowser(t);
  const secret = await setUpThroughLink(t, browser, email, role);
  const answer = await browser.post("/zapi/console/sign-in", {
    email,
    password: STAFF_PASSWORD,
    code: totpCode(secret, t.clock.now().getTime()),
  });
  expect(answer.status).toBe(200);
  t.clock.advance(30_000);
  return browser;
}
