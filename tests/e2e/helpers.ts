import { expect, type Page } from "@playwright/test";
import { e2eDataDir } from "../../playwright.config.ts";
import { readOutbox } from "../../server/mail/outbox.ts";

let counter = 0;

/** A fresh address per call, so tests never collide on one e2e database. */
export function newEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.jp`;
}

/** The newest mail to an address in the server's outbox, waiting for it to arrive. */
export async function waitForMail(to: string, subjectIncludes: string, after = 0) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(e2eDataDir);
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

/** Sign-up up to the registration form: e-mail with policies, then the mailed PIN. */
export async function signUpToForm(page: Page, email: string) {
  await page.goto("/signup/auth");
  await page.locator('[data-field="email"] input').fill(email);
  await agreeToPolicies(page);
  const sentAfter = Date.now() - 1000;
  await page.getByRole("button", { name: "認証コードを送信する" }).click();
  await page.waitForURL("**/signup/pin-code");
  const mail = await waitForMail(email, "会員登録用認証コード", sentAfter);
  await typePin(page, "pinCode", pinFrom(mail.text));
  await page.getByRole("button", { name: "認証する" }).click();
  await page.waitForURL("**/signup/form");
}
