// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

describe("text widgets", () => {
  it("give an e-mail field the e-mail keyboard and autofill", () => {
    renderForm(
      testForm({ email: { type: "string", title: "メールアドレス" } }, { email: { "ui:widget": "email" } }),
    );
    const input = screen.getByRole("textbox", { name: /^メールアドレス/ });
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("autocomplete", "email");
    expect(input).toHaveAttribute("inputmode", "email");
  });

  it("pass the uiSchema's autocomplete and literal placeholder to a text input", () => {
    renderForm(
      testForm(
        { nickname: { type: "string", title: "ニックネーム" } },
        { nickname: { "ui:autocomplete": "nickname", "ui:placeholder": "やまちゃん" } },
      ),
    );
    const input = screen.getByRole("textbox", { name: /^ニックネーム/ });
    expect(input).toHaveAttribute("autocomplete", "nickname");
    expect(input).toHaveAttribute("placeholder", "やまちゃん");
  });

  it("count the characters of a limited textarea", async () => {
    const { user } = renderForm(
      testForm(
        { answer: { type: "string", title: "ご意見", maxLength: 300 } },
        { answer: { "ui:widget": "textarea" } },
      ),
    );
    const textarea = screen.getByRole("textbox", { name: /^ご意見/ });
    expect(textarea).toHaveAttribute("maxlength", "300");
    await user.type(textarea, "とても良い");
    expect(screen.getByText("5/300文字")).toBeInTheDocument();
    expect(textarea.getAttribute("aria-describedby")).toContain(screen.getByText("5/300文字").id);
  });

  it("keep a hidden value and send it", async () => {
    const { onSubmit, submit } = renderForm(
      testForm(
        { token: { type: "string" }, name: { type: "string", title: "名前" } },
        { token: { "ui:widget": "hidden" } },
      ),
      { formData: { token: "abc" } },
    );
    expect(document.querySelector('input[type="hidden"]')).toHaveValue("abc");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ token: "abc" });
  });

  it("show a field's help and description", () => {
    renderForm(
      testForm(
        { nickname: { type: "string", title: "ニックネーム" } },
        {
          nickname: {
            "ui:help": "form.add",
            "ui:options": { descriptionText: "公開されます", descriptionTextEn: "Shown to others" },
          },
        },
      ),
    );
    const input = screen.getByRole("textbox", { name: /^ニックネーム/ });
    expect(input).toHaveAccessibleDescription("公開されます 追加");
  });
});
