// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildPurchaseForm } from "../../schemas/forms/purchase.ts";
import { renderForm } from "../test-utils.tsx";

const choices = [
  { value: "7f3e2a10-0000-4000-8000-000000000001", label: "Visa 末尾 4242", hint: "有効期限 12/2030" },
  { value: "CampaignCode", label: "キャンペーンコードで支払う" },
];

describe("the purchase form's payment choice", () => {
  it("says why the button waits while nothing is chosen, and stops once a method is", async () => {
    const form = buildPurchaseForm({ choices, survey: null }, "widget-test");
    const { user } = renderForm(form);
    const hint = screen.getByText("お支払い方法を選択してください。");
    const visa = screen.getByRole("radio", { name: /Visa 末尾 4242/ });
    expect(visa.getAttribute("aria-describedby")).toContain(hint.id);
    await user.click(visa);
    expect(screen.queryByText("お支払い方法を選択してください。")).toBeNull();
  });

  it("starts with the method the page chose (the one just added, or the only one)", () => {
    const form = buildPurchaseForm({ choices, survey: null }, "widget-test");
    renderForm(form, { formData: { paymentMethodId: choices[0]?.value } });
    expect((screen.getByRole("radio", { name: /Visa 末尾 4242/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText("お支払い方法を選択してください。")).toBeNull();
  });
});
