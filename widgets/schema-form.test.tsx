// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildPaymentMethodForm } from "../schemas/forms/payment.ts";
import { lastSubmitted, renderForm, testForm } from "./test-utils.tsx";

const nameForm = () =>
  testForm(
    {
      familyName: { type: "string", title: "field.familyName", maxLength: 20 },
      nickname: { type: "string", title: "ニックネーム" },
      hobby: { type: "string", title: "趣味", minLength: 2 },
    },
    {
      "ui:order": ["familyName", "nickname", "hobby"],
      familyName: { "ui:options": { labelKey: true } },
      nickname: { "ui:options": { titleEn: "Nickname" } },
    },
    ["familyName", "hobby"],
  );

function field(name: string): HTMLElement {
  const container = document.querySelector<HTMLElement>(`[data-field="${name}"]`);
  if (!container) throw new Error(`no field ${name}`);
  return container;
}

describe("SchemaForm fields", () => {
  it("labels built-in fields by key and store items by their text, with a 必須/任意 badge", () => {
    renderForm(nameForm());
    expect(screen.getByRole("textbox", { name: "姓 必須" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "ニックネーム 任意" })).toBeInTheDocument();
    expect(field("familyName").dataset.required).toBe("true");
    expect(field("nickname").dataset.required).toBe("false");
  });

  it("shows a store item's English title in English", () => {
    renderForm(nameForm(), {}, "en");
    expect(screen.getByRole("textbox", { name: "Nickname Optional" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "趣味 Required" })).toBeInTheDocument();
  });
});

describe("SchemaForm submit", () => {
  it("sends the data normalised: trimmed, empty fields dropped", async () => {
    const { user, onSubmit, submit } = renderForm(nameForm());
    await user.type(screen.getByRole("textbox", { name: /^姓/ }), "  山田 ");
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "映画");
    await user.type(screen.getByRole("textbox", { name: /^ニックネーム/ }), "   ");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ familyName: "山田", hobby: "映画" });
  });

  it("marks messages with ※ in Japanese only", async () => {
    const { submit } = renderForm(nameForm(), {}, "en");
    await submit();
    const error = within(field("familyName")).getByRole("alert");
    expect(error.textContent).not.toBe("");
    expect(error).not.toHaveTextContent("※");
  });

  it("stops a submit with errors: ※ messages, a short summary linking to the fields, focus on it", async () => {
    const { user, onSubmit, submit } = renderForm(nameForm());
    await user.type(screen.getByRole("textbox", { name: /^ニックネーム/ }), "たろう");
    // Blanks alone are no answer: normalisation turns them into a missing value.
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "  ");
    await submit();

    expect(onSubmit).not.toHaveBeenCalled();
    const familyName = screen.getByRole("textbox", { name: /^姓/ });
    expect(familyName).toHaveAttribute("aria-invalid", "true");
    const error = within(field("familyName")).getByRole("alert");
    expect(error).toHaveTextContent(/^※/);
    expect(familyName.getAttribute("aria-describedby")).toContain(error.id);
    expect(within(field("hobby")).getByRole("alert")).toHaveTextContent(/^※/);
    expect(within(field("nickname")).queryByRole("alert")).toBeNull();

    const summary = screen.getByRole("alert", { name: "入力内容に2件の誤りがあります。" });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["姓", "趣味"]);
    // The messages are under the fields; the summary does not repeat them.
    expect(summary).not.toHaveTextContent("※");
    const hobbyLink = within(summary).getByRole("link", { name: "趣味" });
    await user.click(hobbyLink);
    expect(screen.getByRole("textbox", { name: /^趣味/ })).toHaveFocus();
  });

  it("links the fields a choice shows in the summary too, never repeating their messages", async () => {
    const { user, submit } = renderForm(
      buildPaymentMethodForm({ types: ["SbpsCredit", "PaypalRest"] }, "test"),
    );
    await user.click(screen.getByRole("radio", { name: /クレジットカード/ }));
    await user.type(screen.getByRole("textbox", { name: /^カード番号/ }), "1234");
    await submit();
    const summary = screen.getByRole("alert", { name: /^入力内容に\d件の誤りがあります。$/ });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toContain("カード番号");
    expect(summary).not.toHaveTextContent("※");
  });

  it("re-checks after a failed submit, so a corrected field's error goes at once", async () => {
    const { user, submit } = renderForm(nameForm());
    await submit();
    expect(within(field("familyName")).getByRole("alert")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /^姓/ }), "山");
    expect(within(field("familyName")).queryByRole("alert")).toBeNull();
    expect(within(field("hobby")).getByRole("alert")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "映");
    expect(within(field("hobby")).getByRole("alert")).toBeInTheDocument();
  });
});

describe("SchemaForm before a submit", () => {
  it("shows a field's message when the visitor leaves it, without a summary or the others' messages", async () => {
    const { user, onSubmit } = renderForm(nameForm());
    const hobby = screen.getByRole("textbox", { name: /^趣味/ });
    await user.type(hobby, "映");
    await user.tab();
    expect(within(field("hobby")).getByText(/^※/)).toBeInTheDocument();
    expect(within(field("familyName")).queryByText(/^※/)).toBeNull();
    expect(screen.queryByRole("alert", { name: /誤りがあります/ })).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    // Corrected, the message goes at once.
    await user.type(hobby, "画");
    expect(within(field("hobby")).queryByText(/^※/)).toBeNull();
  });

  it("shows nothing while the submit button is pressed, so the button stays under the pointer", async () => {
    const { user } = renderForm(nameForm());
    const hobby = screen.getByRole("textbox", { name: /^趣味/ });
    await user.type(hobby, "映");
    const button = screen.getByRole("button", { name: "送信する" });
    await user.pointer({ keys: "[MouseLeft>]", target: button });
    expect(within(field("hobby")).queryByText(/^※/)).toBeNull();
    await user.pointer({ keys: "[/MouseLeft]", target: button });
    // The click went through: the submit shows every message, with the summary.
    expect(await screen.findByRole("alert", { name: /誤りがあります/ })).toBeInTheDocument();
    expect(within(field("hobby")).getByText(/^※/)).toBeInTheDocument();
  });

  it("shows nothing for a field the visitor has not left", async () => {
    const { user } = renderForm(nameForm());
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "映");
    expect(within(field("hobby")).queryByText(/^※/)).toBeNull();
  });
});

describe("SchemaForm server answers", () => {
  const serverErrors = [
    { field: "hobby", message: "このユーザIDは既に使用されています。別のユーザIDを登録してください。" },
  ];

  it("shows the API's field errors and summary, focusing the field; editing clears only that error", async () => {
    const { user, rerender } = renderForm(nameForm(), { formData: { familyName: "山田", hobby: "x" } });
    rerender({ serverErrors, summary: "登録処理に失敗しました。上記エラー内容をご確認ください。" });

    const hobby = screen.getByRole("textbox", { name: /^趣味/ });
    expect(hobby).toHaveFocus();
    expect(within(field("hobby")).getByRole("alert")).toHaveTextContent(`※${serverErrors[0]?.message}`);
    const submitButton = screen.getByRole("button", { name: "送信する" });
    // The summary sits right above the submit button, under the errors it refers to.
    expect(submitButton.previousElementSibling).toHaveTextContent(
      "登録処理に失敗しました。上記エラー内容をご確認ください。",
    );

    await user.type(hobby, "y");
    expect(within(field("hobby")).queryByRole("alert")).toBeNull();
  });

  it("puts errors of the whole form in the summary", () => {
    const { rerender } = renderForm(nameForm());
    rerender({ serverErrors: [{ field: "root", message: "エラーが発生しました。" }] });
    expect(screen.getByRole("alert", { name: /誤りがあります/ })).toHaveTextContent("エラーが発生しました。");
  });
});

describe("SchemaForm submit button", () => {
  it("shows the loading state while busy and ignores a second submit", async () => {
    const { user, onSubmit } = renderForm(nameForm(), {
      busy: true,
      formData: { familyName: "山田", hobby: "映画" },
    });
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("送信しています");
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("uses the page's label and can be held disabled", () => {
    renderForm(nameForm(), { submitLabelKey: "form.add", disabled: true });
    expect(screen.getByRole("button", { name: "追加" })).toBeDisabled();
  });

  it("waits for every required field when the form asks for 'filled'", async () => {
    const form = nameForm();
    form.uiSchema["ui:options"] = { submitDisabledUntil: "filled" };
    const { user } = renderForm(form);
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^姓/ }), "山田");
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), " ");
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "映画");
    expect(button).toBeEnabled();
  });

  it("waits for a valid form when the form asks for 'valid'", async () => {
    const form = nameForm();
    form.uiSchema["ui:options"] = { submitDisabledUntil: "valid" };
    const { user } = renderForm(form, { formData: { familyName: "山田" } });
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "映");
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^趣味/ }), "画");
    expect(button).toBeEnabled();
  });
});
