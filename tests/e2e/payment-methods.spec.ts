/**
 * Issue 42: a member registers payment methods through the sandbox processor — a card by the
 * provider's tokens, the 3-D Secure card through its challenge, a declined card's message, PayPal and
 * docomo through their pages — and deletes one; no request to our API or to a page action carries
 * the card number or security code.
 */
import type { Page } from "@playwright/test";
import { logInSeeded, newEmail, paymentPagesOnAnotherSite, signUpMember, watchArrivals } from "./helpers.ts";
import { PAYMENT_MEMBERS } from "./seeded-members.ts";
import { expect, test } from "./visitor.ts";

const TEXT = {
  ja: {
    card: "クレジットカード",
    paypal: "PayPal",
    docomo: "ドコモ払い",
    accountOpen: "（",
    accountClose: "）",
    cardNumber: "カード番号",
    month: "有効期限（月）",
    year: "有効期限（年）",
    code: "セキュリティコード",
    register: "登録する",
    registered: "お支払い方法を登録しました",
    backToList: "お支払い方法へ戻る",
    declined:
      "クレジットカードの登録に失敗しました。カード会社にお問い合わせいただくか、別のカードをご利用ください。",
    visa4242: "Visa 末尾 4242",
    visa3220: "Visa 末尾 3220",
    expiry: "有効期限 12/2030",
    delete: "Visa 末尾 4242を削除",
    confirm: "削除する",
    deleteQuestion: "Visa 末尾 4242を削除しますか？",
    cancel: "キャンセル",
    deleted: "お支払い方法を削除しました",
  },
  en: {
    card: "Credit card",
    paypal: "PayPal",
    docomo: "docomo carrier billing",
    accountOpen: " (",
    accountClose: ")",
    cardNumber: "Card number",
    month: "Expiry month",
    year: "Expiry year",
    code: "Security code",
    register: "Register",
    registered: "Your payment method is registered",
    backToList: "Back to payment methods",
    declined: "We could not register your credit card. Please contact your card issuer or use another card.",
    visa4242: "Visa ending in 4242",
    visa3220: "Visa ending in 3220",
    expiry: "Expires 12/2030",
    delete: "Delete Visa ending in 4242",
    confirm: "Delete",
    deleteQuestion: "Delete Visa ending in 4242?",
    cancel: "Cancel",
    deleted: "Your payment method is deleted",
  },
} as const;

type Language = keyof typeof TEXT;

/** Every request body the page sends to our own site (API calls and page actions). */
function watchOwnBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/sandbox-pay/")) return;
    const body = request.postData();
    if (body) bodies.push(`${url.pathname} ${body}`);
  });
  return bodies;
}

async function registerCard(page: Page, text: (typeof TEXT)[Language], cardNumber: string) {
  await page.getByRole("radio", { name: text.card }).check();
  await page.getByRole("textbox", { name: text.cardNumber }).fill(cardNumber);
  await page.getByRole("combobox", { name: text.month }).selectOption("12");
  await page.getByRole("combobox", { name: text.year }).selectOption("30");
  await page.getByRole("textbox", { name: text.code }).fill("123");
  await page.getByRole("button", { name: text.register }).click();
}

async function walk(page: Page, language: Language, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // A retry finds the seeded member's methods and registrations of the first try: it signs up anew.
  if (test.info().retry > 0) {
    await signUpMember(page, newEmail(`payment-${language}`), "Payment2026pass");
    await page.goto(`/mypage?lng=${language}`);
    return walkSignedIn(page, language);
  }
  await logInSeeded(page, PAYMENT_MEMBERS[language], language);
  await walkSignedIn(page, language);
}

async function walkSignedIn(page: Page, language: Language) {
  const text = TEXT[language];
  const bodies = watchOwnBodies(page);

  // A card: registered and listed as its brand, last four digits and expiry.
  await page.goto("/mypage/payment-method");
  await registerCard(page, text, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();
  await page.getByRole("link", { name: text.backToList }).click();
  await expect(page.getByText(text.visa4242)).toBeVisible();
  await expect(page.getByText(text.expiry).first()).toBeVisible();

  // The 3-D Secure card: the challenge on the issuer's site (another site), approved; the way back
  // is a cross-site navigation.
  const arrivals = watchArrivals(page, "/mypage/payment-method/return");
  const closeIssuerSite = await paymentPagesOnAnotherSite(page, test.info().project.use.baseURL ?? "");
  await registerCard(page, text, "4000 0000 0000 3220");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/sandbox-pay\/action\//);
  await page.getByRole("button", { name: /Authenticate/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();
  expect(arrivals).toEqual(["cross-site"]);
  await closeIssuerSite();
  await page.goto("/mypage/payment-method");
  await expect(page.getByText(text.visa3220)).toBeVisible();

  // The declined card: the message, and nothing saved.
  await registerCard(page, text, "4000 0000 0000 0002");
  await expect(page.getByRole("alert").filter({ hasText: text.declined })).toBeVisible();
  await expect(page.getByText("0002")).toHaveCount(0);

  // PayPal: its approval page, then back with the method saved.
  await page.getByRole("radio", { name: text.paypal }).check();
  await page.getByRole("button", { name: text.register }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/action\//);
  await page.getByRole("button", { name: /Approve/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();

  // docomo: the page posts the carrier's fields to its page by itself.
  await page.goto("/mypage/payment-method");
  await page.getByRole("radio", { name: text.docomo }).check();
  await page.getByRole("button", { name: text.register }).click();
  await expect(page.getByRole("heading", { level: 1, name: /ドコモ払い/ })).toBeVisible();
  await page.getByRole("button", { name: /Approve/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();

  // The list has them all; one is deleted once the question is answered (closing it keeps it).
  await page.goto("/mypage/payment-method");
  const list = page.getByRole("region", {
    name: language === "ja" ? "登録済みのお支払い方法" : "Your payment methods",
  });
  await expect(list.getByRole("listitem")).toHaveCount(4);
  // PayPal and the carrier by the account approved on their pages, as the provider masks it.
  await expect(
    list.getByText(`${text.paypal}${text.accountOpen}b***@example.com${text.accountClose}`),
  ).toBeVisible();
  await expect(
    list.getByText(`${text.docomo}${text.accountOpen}***-****-5678${text.accountClose}`),
  ).toBeVisible();
  await list.getByRole("link", { name: text.delete }).click();
  const question = page.getByRole("dialog", { name: text.deleteQuestion });
  await question.getByRole("link", { name: text.cancel }).click();
  await expect(question).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await list.getByRole("link", { name: text.delete }).click();
  await question.getByRole("button", { name: text.confirm, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.deleted })).toBeVisible();
  await page.goto("/mypage/payment-method");
  await expect(page.getByText(text.visa4242)).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(3);

  // The card never travelled to us: no body to our API or a page action holds its number or code.
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toMatch(/4242\s?4242|4000\s?0000|"123"|securityCode|cardNumber|ccNumber/);
  }
}

test("ja at 375 px: a card, the 3-D Secure card, a declined card, PayPal and docomo, and a delete", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await walk(page, "ja", 375);
});

test("en at 1280 px: the same walk in English", async ({ page }) => {
  test.setTimeout(120_000);
  await walk(page, "en", 1280);
});
