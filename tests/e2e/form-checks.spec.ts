/**
 * Issue 28 "done when": every form screen, filled wrong then right, shows the spec's messages
 * (§5) in the browser before anything is sent — on blur, and on submit where the button is
 * enabled — with the validators the server compiled, under the strict CSP with no violation. (The
 * sign-up form and e-mail step, login and forgot-password are checked the same way in
 * store-driven-forms.spec.ts; the e-mail verification code in mypage-email-verify.spec.ts.)
 */
import type { Page } from "@playwright/test";
import {
  agreeToPolicies,
  EDITS_STORE,
  newEmail,
  readStoreFile,
  runWithStore,
  signUpMember,
  startSignUp,
  typePin,
  waitUntilHydrated,
  watchCsp,
  watchPosts,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

const PASSWORD = "Checks2026form";

interface FieldCheck {
  field: string;
  wrong: string;
  /** The spec's message (shown after ※); a pattern where it names the store's own words. */
  message: string | RegExp;
  right: string;
  /** One box per digit (the PIN widgets): typed from the first box, as a person does. */
  boxes?: boolean;
}

async function enter(page: Page, { field, boxes }: FieldCheck, value: string) {
  if (boxes) await typePin(page, field, value);
  else await page.locator(`[data-field="${field}"] input`).first().fill(value);
  // Leave the field as a person does: a click elsewhere on the page.
  await page.locator("main h1").first().click();
}

const shown = (message: string | RegExp) =>
  typeof message === "string" ? `※${message}` : new RegExp(`※${message.source}`);

/** The field filled wrong shows its message when left; filled right, the message goes. */
async function wrongThenRight(page: Page, check: FieldCheck, posts: string[]) {
  const field = page.locator(`[data-field="${check.field}"]`);
  const postsBefore = posts.length;
  await enter(page, check, check.wrong);
  await expect(field, `${check.field} filled wrong`).toContainText(shown(check.message));
  expect(posts.slice(postsBefore), `${check.field} filled wrong: nothing sent`).toEqual([]);
  await enter(page, check, check.right);
  await expect(field, `${check.field} filled right`).not.toContainText(shown(check.message));
}

/** Opens a form page once it has hydrated and its validator module has loaded. */
async function openForm(page: Page, url: string, submit: string) {
  await page.goto(url);
  // Its validator module has arrived (or came from the cache: the URL names the module's content).
  await page.waitForLoadState("networkidle");
  const button = page.getByRole("button", { name: submit, exact: true });
  await waitUntilHydrated(page, button);
  return button;
}

/** A wrong form submitted: refused in the browser with the field's message, nothing sent. */
async function submitRefused(page: Page, button: ReturnType<Page["getByRole"]>, check: FieldCheck) {
  await enter(page, check, check.wrong);
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.locator(`[data-field="${check.field}"]`)).toContainText(shown(check.message));
}

test("guest forms: the login code request and the password reset", async ({ page }) => {
  const csp = await watchCsp(page);
  const posts = watchPosts(page);

  const send = await openForm(page, "/login?loginType=authCode", "認証コードを送信する");
  const email: FieldCheck = {
    field: "email",
    wrong: "not-an-address",
    message: "メールアドレスの形式が正しくありません。",
    right: "someone@example.jp",
  };
  await wrongThenRight(page, email, posts);
  await submitRefused(page, send, email);
  expect(posts).toEqual([]);
  // The code request, right, leads to the code page (whatever the address: no account is revealed).
  await enter(page, email, email.right);
  await send.click();
  await page.waitForURL("**/login/code**");
  posts.length = 0;
  await waitUntilHydrated(page, page.getByRole("button", { name: "ログイン", exact: true }));
  await page.waitForLoadState("networkidle");
  await wrongThenRight(
    page,
    {
      field: "authCode",
      wrong: "12",
      message: /.+は半角数字6桁で入力してください。/,
      right: "123456",
      boxes: true,
    },
    posts,
  );

  const reset = await openForm(page, "/password/reset?token=from-the-mail", "パスワードを設定する");
  await wrongThenRight(
    page,
    {
      field: "password",
      wrong: "short1",
      message: "パスワードは8文字以上で設定してください。",
      right: PASSWORD,
    },
    posts,
  );
  const confirm: FieldCheck = {
    field: "passwordConfirm",
    wrong: `${PASSWORD}x`,
    message: "パスワードが一致しません",
    right: PASSWORD,
  };
  await wrongThenRight(page, confirm, posts);
  await submitRefused(page, reset, confirm);

  expect(posts).toEqual([]);

  // The sign-up's consent (on the e-mail step in the demo store; /signup and /signup/policy build
  // the same boxes): each box read and ticked; one unticked again greys the button (spec §5).
  const agree = await openForm(page, "/signup/auth", "認証コードを送信する");
  await page.locator('[data-field="email"] input').fill(newEmail("checks-consent"));
  await agreeToPolicies(page);
  await expect(agree).toBeEnabled();
  const terms = page.locator('[data-field^="policy_"]').first();
  await terms.locator('input[type="checkbox"]').uncheck();
  await expect(agree).toBeDisabled();
  await terms.locator('input[type="checkbox"]').check();
  await expect(agree).toBeEnabled();
  expect(posts).toEqual([]);
  expect(csp).toEqual([]);
});

test("the sign-up PIN page", async ({ page }) => {
  const csp = await watchCsp(page);
  const code = await startSignUp(page, newEmail("checks-pin"), "pin-code");
  await page.goto("/signup/pin-code");
  const posts = watchPosts(page);
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await wrongThenRight(
    page,
    {
      field: "pinCode",
      wrong: "123",
      message: /.+は半角数字6桁で入力してください。/,
      right: code,
      boxes: true,
    },
    posts,
  );
  expect(posts).toEqual([]);
  await page.getByRole("button", { name: "認証する" }).click();
  await page.waitForURL("**/signup/form");
  expect(csp).toEqual([]);
});

test("my page's forms, and the PIN pages they lead to", async ({ page }) => {
  test.setTimeout(120_000);
  const csp = await watchCsp(page);
  const address = newEmail("checks-member");
  await signUpMember(page, address, PASSWORD);
  const posts = watchPosts(page);

  const save = await openForm(page, "/mypage/edit", "保存する");
  await wrongThenRight(
    page,
    {
      field: "familyNameKana",
      wrong: "yamada",
      message: "全角カタカナで入力してください",
      right: "ヤマダ",
    },
    posts,
  );
  const phone: FieldCheck = {
    field: "phoneNumber",
    wrong: "123",
    message: "電話番号の形式が正しくありません",
    right: "09012345678",
  };
  await wrongThenRight(page, phone, posts);
  await submitRefused(page, save, phone);

  await openForm(page, "/mypage/password/edit", "変更する");
  await wrongThenRight(
    page,
    {
      field: "newPassword",
      wrong: "abc",
      message: "パスワードは8文字以上で設定してください。",
      right: `${PASSWORD}New`,
    },
    posts,
  );
  await wrongThenRight(
    page,
    {
      field: "newPasswordConfirm",
      wrong: `${PASSWORD}Other`,
      message: "パスワードが一致しません",
      right: `${PASSWORD}New`,
    },
    posts,
  );

  await openForm(page, "/mypage/user-id/edit", "変更する");
  await wrongThenRight(
    page,
    {
      field: "userId",
      wrong: "ab",
      message: "ユーザIDは6文字以上です。",
      right: "checks2026",
    },
    posts,
  );
  // The right ID was checked for duplicates as it was left (spec §5): that call is the only one.
  await expect.poll(() => posts).toEqual(["/zapi/account/user-id/verify"]);
  posts.length = 0;
  await wrongThenRight(
    page,
    {
      field: "password",
      wrong: "short",
      message: "パスワードは8文字以上です",
      right: PASSWORD,
    },
    posts,
  );

  await openForm(page, "/mypage/pin-code", "設定する");
  await wrongThenRight(
    page,
    {
      field: "pinCode",
      wrong: "12",
      message: "4桁のPINコードを入力してください。",
      right: "1234",
      boxes: true,
    },
    posts,
  );
  await wrongThenRight(
    page,
    {
      field: "pinCodeConfirm",
      wrong: "1235",
      message: "確認用PINコードが一致しません。",
      right: "1234",
      boxes: true,
    },
    posts,
  );

  await openForm(page, "/mypage/multi-factor/otp", "設定する");
  await wrongThenRight(
    page,
    {
      field: "token",
      wrong: "12",
      message: "6桁のワンタイムパスワードを入力してください。",
      right: "123456",
      boxes: true,
    },
    posts,
  );
  expect(posts).toEqual([]);

  // The e-mail change: its form, then the PIN page it leads to.
  const change = await openForm(page, "/mypage/email/edit", "認証コードを送信する");
  const newAddress = newEmail("checks-changed");
  await wrongThenRight(
    page,
    {
      field: "email",
      wrong: "not-an-address",
      message: "メールアドレスの形式が正しくありません。",
      right: newAddress,
    },
    posts,
  );
  const emailConfirm: FieldCheck = {
    field: "emailConfirm",
    wrong: `x${newAddress}`,
    message: "メールアドレスが一致しません。",
    right: newAddress,
  };
  await wrongThenRight(page, emailConfirm, posts);
  await submitRefused(page, change, emailConfirm);
  expect(posts).toEqual([]);
  await enter(page, emailConfirm, newAddress);
  await change.click();
  await page.waitForURL("**/mypage/email/edit/pin-code");
  posts.length = 0;
  await waitUntilHydrated(page, page.getByRole("button", { name: "認証する" }));
  await wrongThenRight(
    page,
    {
      field: "pinCode",
      wrong: "98",
      message: /.+は半角数字6桁で入力してください。/,
      right: "987654",
      boxes: true,
    },
    posts,
  );
  expect(posts).toEqual([]);

  // Withdrawal: the survey and consent, then the PIN page.
  const withdraw = await openForm(page, "/withdraw", "退会手続きへ進む");
  await withdraw.click();
  await expect(page.locator('[data-field="consent"]')).toContainText("※同意は必須です");
  expect(posts).toEqual([]);
  await page.locator('[data-field="question_reason"] input[type="checkbox"]').first().check();
  await page.locator('[data-field="consent"] input[type="checkbox"]').check();
  await expect(page.locator('[data-field="consent"]')).not.toContainText("※同意は必須です");
  await withdraw.click();
  await page.waitForURL("**/withdraw/pin-code");
  posts.length = 0;
  await waitUntilHydrated(page, page.getByRole("button", { name: "退会する" }));
  await wrongThenRight(
    page,
    {
      field: "pinCode",
      wrong: "7",
      message: /.+は半角数字6桁で入力してください。/,
      right: "765432",
      boxes: true,
    },
    posts,
  );
  expect(posts).toEqual([]);
  expect(csp).toEqual([]);
});

test.describe("a store that shows the policies before the e-mail step", EDITS_STORE, () => {
  let demoStoreText = "";
  test.beforeAll(() => {
    demoStoreText = readStoreFile();
  });
  test.afterAll(async ({ request }) => {
    await runWithStore(request, demoStoreText);
  });

  test("/signup: each policy read and ticked; one unticked again greys the button", async ({
    page,
    request,
  }) => {
    const store = JSON.parse(demoStoreText);
    store.signUp = { ...store.signUp, isPreShowPolicy: true };
    await runWithStore(request, JSON.stringify(store, null, 2));
    const csp = await watchCsp(page);
    const posts = watchPosts(page);
    const agree = await openForm(page, "/signup", "同意して進む");
    await expect(agree).toBeDisabled();
    await agreeToPolicies(page);
    await expect(agree).toBeEnabled();
    const terms = page.locator('[data-field^="policy_"] input[type="checkbox"]').first();
    await terms.uncheck();
    await expect(agree).toBeDisabled();
    await terms.check();
    await expect(agree).toBeEnabled();
    expect(posts).toEqual([]);
    await agree.click();
    await page.waitForURL("**/signup/auth");
    expect(csp).toEqual([]);
  });
});
