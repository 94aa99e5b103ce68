// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const cardForm = () =>
  testForm(
    {
      cardNumber: { type: "string", title: "カード番号" },
      expiryMonth: { type: "string", title: "有効期限（月）" },
      expiryYear: { type: "string", title: "有効期限（年）" },
      securityCode: { type: "string", title: "セキュリティコード" },
    },
    {
      cardNumber: { "ui:widget": "cardNumber" },
      expiryMonth: { "ui:widget": "cardExpiryMonth" },
      expiryYear: { "ui:widget": "cardExpiryYear" },
      securityCode: { "ui:widget": "securityCode" },
    },
  );

const numberInput = () => screen.getByRole("textbox", { name: /^カード番号/ });
const codeInput = () => screen.getByRole("textbox", { name: /^セキュリティコード/ });
const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

afterEach(() => vi.useRealTimers());

describe("card number", () => {
  it("groups the digits as printed and names the brand", async () => {
    const { user, onSubmit, submit } = renderForm(cardForm());
    await user.type(numberInput(), "4111111111111111");
    expect(numberInput()).toHaveValue("4111 1111 1111 1111");
    expect(numberInput()).toHaveAttribute("maxlength", "19");
    expect(numberInput()).toHaveAttribute("autocomplete", "cc-number");
    expect(within(field("cardNumber")).getByText("Visa")).toBeInTheDocument();
    await submit();
    expect(lastSubmitted(onSubmit)).toMatchObject({ cardNumber: "4111 1111 1111 1111" });
  });

  it("groups American Express 4-6-5 within 17 characters", async () => {
    const { user } = renderForm(cardForm());
    await user.click(numberInput());
    await user.paste("3782-822463-10005-99");
    expect(numberInput()).toHaveValue("3782 822463 10005");
    expect(numberInput()).toHaveAttribute("maxlength", "17");
    expect(within(field("cardNumber")).getByText("American Express")).toBeInTheDocument();
  });

  it("keeps the caret after the digit it followed when editing in the middle", async () => {
    const { user } = renderForm(cardForm());
    await user.type(numberInput(), "41111111");
    // Caret after the 5th digit ("4111 1|111"), then type a digit.
    await user.type(numberInput(), "9", { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(numberInput()).toHaveValue("4111 1911 1");
    expect((numberInput() as HTMLInputElement).selectionStart).toBe(7);
  });
});

describe("security code", () => {
  it("takes 3 digits, or 4 for American Express", async () => {
    const { user } = renderForm(cardForm());
    await user.type(codeInput(), "12345");
    expect(codeInput()).toHaveValue("123");
    await user.type(numberInput(), "378282246310005");
    expect(codeInput()).toHaveAttribute("maxlength", "4");
    await user.clear(codeInput());
    await user.type(codeInput(), "12a345");
    expect(codeInput()).toHaveValue("1234");
  });

  it("reads the brand from the number field the schema's rule names", async () => {
    const form = testForm(
      {
        number: { type: "string", title: "番号" },
        code: { type: "string", title: "コード", securityCodeForCard: "number" },
      },
      { number: { "ui:widget": "cardNumber" }, code: { "ui:widget": "securityCode" } },
    );
    const { user } = renderForm(form);
    const code = screen.getByRole("textbox", { name: /^コード/ });
    expect(code).toHaveAttribute("maxlength", "3");
    await user.type(screen.getByRole("textbox", { name: /^番号/ }), "3782");
    expect(code).toHaveAttribute("maxlength", "4");
  });
});

describe("expiry", () => {
  it("offers months 01 to 12 and this year plus 9 in two digits", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-15T03:00:00Z"));
    const { user, onSubmit, submit } = renderForm(cardForm());
    const month = screen.getByRole("combobox", { name: /^有効期限（月）/ });
    const year = screen.getByRole("combobox", { name: /^有効期限（年）/ });
    const optionTexts = (select: HTMLElement) =>
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(optionTexts(month)).toEqual([
      "選択してください",
      ...Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")),
    ]);
    expect(optionTexts(year)).toEqual([
      "選択してください",
      "25",
      "26",
      "27",
      "28",
      "29",
      "30",
      "31",
      "32",
      "33",
      "34",
    ]);
    await user.selectOptions(month, "07");
    await user.selectOptions(year, "27");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ expiryMonth: "07", expiryYear: "27" });
  });
});

describe("card data in a form post", () => {
  it("is never named: a post without the script carries no number, expiry or security code", () => {
    renderForm(cardForm());
    for (const name of ["cardNumber", "expiryMonth", "expiryYear", "securityCode"]) {
      const control = field(name).querySelector("input, select");
      expect(control, name).not.toBeNull();
      expect(control?.hasAttribute("name"), name).toBe(false);
    }
  });
});
