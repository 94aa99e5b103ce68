/** Issue 41 §8: after a client-side navigation the focus is on the new page's heading, not <body>. */
import { newEmail, requestSignUpPin, typePin } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

test("sign-up's steps each start with the focus on their heading", async ({ page }) => {
  const email = newEmail("focus");
  const pin = await requestSignUpPin(page, email);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  // The PIN page says where the code went and offers another address (issue 41 §12).
  await expect(
    page.getByText(`${email} 宛てにメールでお送りした認証コードを入力してください。`),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "メールアドレスを変更する" })).toHaveAttribute(
    "href",
    "/signup/auth",
  );
  const pinTitle = (await heading.textContent()) ?? "";

  await typePin(page, "pinCode", pin);
  await page.getByRole("button", { name: "認証する" }).click();
  await page.waitForURL("**/signup/form");
  await expect(heading).not.toHaveText(pinTitle);
  await expect(heading).toBeFocused();
});
