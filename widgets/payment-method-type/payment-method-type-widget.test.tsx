// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const paymentForm = () =>
  testForm(
    { paymentMethodType: { type: "string", title: "お支払い方法", enum: ["SbpsCredit", "CampaignCode"] } },
    {
      paymentMethodType: {
        "ui:widget": "paymentMethodType",
        "ui:enumNames": ["クレジットカード", "キャンペーンコード"],
      },
    },
    ["paymentMethodType"],
  );

describe("payment method type", () => {
  it("offers the types as radio cards and marks the chosen one", async () => {
    const { user, onSubmit, submit } = renderForm(paymentForm());
    const group = screen.getByRole("group", { name: /^お支払い方法/ });
    const campaign = within(group).getByRole("radio", { name: "キャンペーンコード" });
    expect(campaign.closest(".sf-card")).not.toHaveClass("sf-card--selected");
    await user.click(campaign);
    expect(campaign.closest(".sf-card")).toHaveClass("sf-card--selected");
    await user.keyboard("{ArrowUp}");
    expect(within(group).getByRole("radio", { name: "クレジットカード" })).toBeChecked();
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ paymentMethodType: "SbpsCredit" });
  });
});
