// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import axe from "axe-core";
import type { JSONSchema7 } from "json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { WIDGET_NAMES, type WidgetName } from "../schemas/form-definition.ts";
import { installDialogPolyfill, renderForm, testForm } from "./test-utils.tsx";
import { widgets } from "./theme.tsx";

beforeAll(installDialogPolyfill);

/** One field per widget name, with the schema type that widget serves. */
const SCHEMAS: Record<WidgetName, JSONSchema7> = {
  text: { type: "string" },
  textarea: { type: "string", maxLength: 300 },
  email: { type: "string" },
  password: { type: "string" },
  newPassword: { type: "string" },
  kana: { type: "string" },
  phone: { type: "string" },
  postalCode: { type: "string" },
  prefecture: { type: "integer" },
  birthday: { type: "string" },
  select: { type: "string", enum: ["a", "b"] },
  radio: { type: "string", enum: ["a", "b"] },
  checkbox: { type: "boolean" },
  checkboxGroup: { type: "array", uniqueItems: true, items: { type: "string", enum: ["a", "b", "c"] } },
  pinCode: { type: "string" },
  cardNumber: { type: "string" },
  cardExpiryMonth: { type: "string" },
  cardExpiryYear: { type: "string" },
  securityCode: { type: "string" },
  policyScroll: { type: "boolean", enum: [true] },
  userId: { type: "string" },
  paymentMethodType: { type: "string", enum: ["SbpsCredit", "CampaignCode"] },
  purchasePayment: { type: "string" },
  hidden: { type: "string" },
};

function everyWidgetForm() {
  const properties = Object.fromEntries(
    WIDGET_NAMES.map((name) => [name, { ...SCHEMAS[name], title: `${name}欄` }]),
  );
  const uiSchema = Object.fromEntries(
    WIDGET_NAMES.map((name) => [
      name,
      {
        "ui:widget": name,
        "ui:options": name === "policyScroll" ? { policyTitle: "利用規約", renderData: "<p>第1条</p>" } : {},
      },
    ]),
  );
  return testForm(properties, { "ui:order": [...WIDGET_NAMES], ...uiSchema }, ["text", "radio", "pinCode"]);
}

describe("the theme", () => {
  it("registers a widget for every name a uiSchema may use", () => {
    for (const name of WIDGET_NAMES) expect(widgets[name], name).toBeTypeOf("function");
  });

  it("renders every widget in a field frame that pages can find by property name", () => {
    renderForm(everyWidgetForm());
    for (const name of WIDGET_NAMES) {
      const container = document.querySelector(`[data-field="${name}"]`);
      expect(container, name).not.toBeNull();
    }
    expect(screen.getByRole("button", { name: "送信する" })).toBeInTheDocument();
  });

  it("has no accessibility violations axe can find, before and after a failed submit", async () => {
    const { submit } = renderForm(everyWidgetForm());
    // jsdom does no painting, so contrast cannot be measured here; landmarks are the page's business.
    const options = { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } };
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await submit();
    expect((await axe.run(document.body, options)).violations).toEqual([]);
  });
});
