/** Issue 41 §8: after a client-side navigation the focus is on the new page's heading, not <body>. */
import { newEmail, requestSignUpPin, typePin } from "./helpers.ts";
import { expect, test } from "./visitor.ts";

test("sign-up's steps each start with the focus on their heading", async ({ page }) => {
  const pin = await requestSignUpPin(page, newEmail("focus"));
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  const pinTitle = (await heading.textContent()) ?? "";

  await typePin(page, "pinCode", pin);
  await page.getByRole("button", { name: "認証する" }).click();
  await page.waitForURL("**/signup/form");
  await expect(heading).not.toHaveText(pinTitle);
  await expect(heading).toBeFocused();
});
