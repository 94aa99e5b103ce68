/**
 * Issue 26: limits slow the guesser, tell the wait, and never lock the member out. A stranger's
 * wrong passwords at a member's account are slowed with the wait stated on the login screen, while
 * the member, on a browser it has logged in on before, logs in at once; wrong sign-up PINs are
 * slowed the same way on the PIN screen.
 */
import type { Locator, Page } from "@playwright/test";
import { newEmail, signUpMember, startSignUp, typePin, waitUntilHydrated } from "./helpers.ts";
import { expect, nextVisitorAddress, test } from "./visitor.ts";

const PASSWORD = "Limits2026pass";

const TEXT = {
  ja: {
    login: "ログイン",
    failed: "メールアドレスまたはパスワードが正しくありません。",
    wait: /ログインの失敗が続いたため、しばらくお待ちください。\d+秒後にもう一度お試しください。/,
  },
  en: {
    login: "Log in",
    failed: "The e-mail address or password is incorrect.",
    wait: /Too many login attempts\. Please try again in (1 second|\d+ seconds)\./,
  },
} as const;

/**
 * Submits until the screen states a wait (a try can land after the previous wait has passed, so
 * the number of tries is not fixed); every other answer must be `failed`. Returns the tries. What
 * each try answered is read from its response's status, then looked for on the screen: the screen
 * shows the previous try's message until React commits the new one, later on a busy machine.
 */
async function tryUntilWaitIsTold(
  page: Page,
  submit: Locator,
  fill: (tries: number) => Promise<void>,
  failed: string,
  wait: RegExp,
) {
  for (let tries = 1; tries <= 12; tries++) {
    await fill(tries);
    const [response] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      submit.click(),
    ]);
    // The page's action answers with the API's status: 429 when a wait is told.
    const told = response.status() === 429;
    await expect(page.getByText(told ? wait : failed)).toBeVisible();
    if (told) return tries;
  }
  throw new Error("no wait was told after 12 tries");
}

for (const [language, width] of [
  ["ja", 375],
  ["en", 1280],
] as const) {
  const text = TEXT[language];

  test(`a stranger's wrong passwords are slowed with the wait told, the member still logs in (${language})`, async ({
    page,
    browser,
  }) => {
    // A sign-up, five or more tries with growing waits, then a login: over a minute on a busy machine.
    test.setTimeout(120_000);
    const email = newEmail(`limits-${language}`);
    // Signing up logs the member in: this browser is now one the account knows.
    await signUpMember(page, email, PASSWORD);
    await page.goto("/logout");
    await page.getByRole("button", { name: "ログアウトする" }).click();
    await expect(page.getByRole("heading", { name: "ログアウトしました。" })).toBeVisible();

    const stranger = await browser.newContext({
      viewport: { width, height: 800 },
      // An address of its own: its failures must start from none, also in a retry.
      extraHTTPHeaders: { "x-forwarded-for": nextVisitorAddress() },
    });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(new URL(`/login?lng=${language}`, page.url()).href);
    const submit = strangerPage.getByRole("button", { name: text.login, exact: true });
    await waitUntilHydrated(strangerPage, submit);
    const tries = await tryUntilWaitIsTold(
      strangerPage,
      submit,
      async () => {
        await strangerPage.locator('[data-field="emailUserId"] input').fill(email);
        await strangerPage.locator('[data-field="password"] input').fill("Wrong2026pass");
      },
      text.failed,
      text.wait,
    );
    // Three failures are free; the fourth starts the waits.
    expect(tries).toBeGreaterThanOrEqual(5);
    // What the stranger typed is still there to try again.
    await expect(strangerPage.locator('[data-field="emailUserId"] input')).toHaveValue(email);
    await stranger.close();

    // Meanwhile the member, on its own browser, logs in with the right password at once.
    await page.goto(`/login?lng=${language}`);
    const login = page.getByRole("button", { name: text.login, exact: true });
    await waitUntilHydrated(page, login);
    await page.locator('[data-field="emailUserId"] input').fill(email);
    await page.locator('[data-field="password"] input').fill(PASSWORD);
    await login.click();
    await page.waitForURL("**/mypage");
  });
}

test("wrong sign-up PINs are slowed with the wait told on the PIN screen", async ({ page }) => {
  const email = newEmail("limits-pin");
  const code = await startSignUp(page, email, "pin-code");
  await page.goto("/signup/pin-code");
  // Wrong codes that differ from one try to the next: the screen wants the field changed.
  const wrongCodes = ["000000", "111111", "222222"].filter((wrong) => wrong !== code);
  const verify = page.getByRole("button", { name: "認証する" });
  await waitUntilHydrated(page, verify);
  const tries = await tryUntilWaitIsTold(
    page,
    verify,
    (tries) => typePin(page, "pinCode", wrongCodes[tries % 2] ?? "333333"),
    "認証に失敗しました。",
    /入力の失敗が続いたため、しばらくお待ちください。\d+秒後にもう一度お試しください。/,
  );
  expect(tries).toBeGreaterThanOrEqual(5);
});
