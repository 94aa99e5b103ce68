// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderForm, testForm } from "../test-utils.tsx";
import { passwordRules } from "./password-widget.tsx";

describe("password widget", () => {
  const form = () =>
    testForm(
      { password: { type: "string", title: "field.password" } },
      { password: { "ui:widget": "password", "ui:options": { labelKey: true } } },
    );

  it("hides the password until the toggle is pressed, and hides it again", async () => {
    const { user } = renderForm(form());
    const input = screen.getByLabelText(/^パスワード/, { selector: "input" });
    const toggle = screen.getByRole("button", { name: "パスワードを表示" });
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveAttribute("autocomplete", "current-password");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(toggle).toHaveTextContent("表示");

    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");

    toggle.focus();
    await user.keyboard(" ");
    expect(input).toHaveAttribute("type", "password");
  });
});

describe("new password widget", () => {
  const form = () =>
    testForm(
      { newPassword: { type: "string", title: "新しいパスワード", minLength: 8, maxLength: 30 } },
      {
        newPassword: { "ui:widget": "newPassword", "ui:options": { passwordStrength: "LOWER_DIGIT_SYMBOL" } },
      },
    );

  it("ticks the rules of the store's strength setting as they are met", async () => {
    const { user } = renderForm(form());
    const input = screen.getByLabelText(/^新しいパスワード/, { selector: "input" });
    expect(input).toHaveAttribute("autocomplete", "new-password");
    const rules = screen.getByRole("list");
    expect(input.getAttribute("aria-describedby")).toContain(rules.id);
    expect(
      within(rules)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["・8〜30文字", "・英小文字を含む", "・数字を含む", "・記号を含む"]);

    await user.type(input, "abc1");
    expect(within(rules).getByText("英小文字を含む").parentElement).toHaveTextContent(
      "✓ 英小文字を含む（条件を満たしています）",
    );
    expect(within(rules).getByText("8〜30文字").parentElement).toHaveTextContent("・8〜30文字");
  });
});

describe("passwordRules", () => {
  it.each([
    ["LOWER_DIGIT", ["length", "lowercase", "digit"]],
    ["LOWER_DIGIT_UPPER", ["length", "lowercase", "digit", "uppercase"]],
    ["LOWER_DIGIT_UPPER_SYMBOL", ["length", "lowercase", "digit", "uppercase", "symbol"]],
  ] as const)("lists the rules of %s", (strength, names) => {
    expect(passwordRules("", strength).map((rule) => rule.key.split(".").at(-1))).toEqual(names);
  });

  it("judges each rule on its own", () => {
    const met = (password: string) =>
      passwordRules(password, "LOWER_DIGIT_UPPER_SYMBOL")
        .filter((rule) => rule.met)
        .map((rule) => rule.key.split(".").at(-1));
    expect(met("abcdefgh")).toEqual(["length", "lowercase"]);
    expect(met("Abc1!")).toEqual(["lowercase", "digit", "uppercase", "symbol"]);
    expect(met("a".repeat(31))).toEqual(["lowercase"]);
  });
});
