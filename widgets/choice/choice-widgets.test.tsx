// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import type { JSONSchema7 } from "json-schema";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const genderSchema: JSONSchema7 = { type: "integer", title: "field.sex", enum: [1, 2, 9, 0] };
const genderNames = [
  "field.sexOptions.male",
  "field.sexOptions.female",
  "field.sexOptions.other",
  "field.sexOptions.unanswered",
];

describe("select widget", () => {
  it("offers the enum after an empty choice and stores the typed value", async () => {
    const form = testForm(
      { sex: genderSchema },
      {
        sex: {
          "ui:widget": "select",
          "ui:enumNames": ["男性", "女性", "その他", "回答しない"],
          "ui:options": { labelKey: true },
        },
      },
    );
    const { user, onSubmit, submit } = renderForm(form);
    const select = screen.getByRole("combobox", { name: "性別 任意" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["選択してください", "男性", "女性", "その他", "回答しない"]);
    await user.selectOptions(select, "回答しない");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ sex: 0 });
  });

  it("translates option names that are keys", () => {
    const form = testForm(
      { plan: { type: "string", title: "プラン", enum: ["a", "b"] } },
      {
        plan: {
          "ui:widget": "select",
          "ui:enumNames": ["form.add", "form.remove"],
          "ui:options": { enumNamesKeys: true },
        },
      },
    );
    renderForm(form);
    expect(screen.getByRole("option", { name: "追加" })).toBeInTheDocument();
  });
});

describe("radio widget", () => {
  it("is a group of radios moved through with the arrow keys", async () => {
    const form = testForm(
      { sex: genderSchema },
      {
        sex: {
          "ui:widget": "radio",
          "ui:enumNames": ["男性", "女性", "その他", "回答しない"],
          "ui:options": { labelKey: true },
        },
      },
      ["sex"],
    );
    const { user, onSubmit, submit } = renderForm(form);
    const group = screen.getByRole("group", { name: "性別 必須" });
    await user.click(within(group).getByRole("radio", { name: "女性" }));
    await user.keyboard("{ArrowDown}");
    expect(within(group).getByRole("radio", { name: "その他" })).toBeChecked();
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ sex: 9 });
  });
});

describe("checkbox widget", () => {
  it("is a box with its label beside it and the badge after", async () => {
    const form = testForm({ agree: { type: "boolean", title: "お知らせを受け取る" } }, {});
    const { user, onSubmit, submit } = renderForm(form);
    const box = screen.getByRole("checkbox", { name: "お知らせを受け取る" });
    expect(box).not.toBeChecked();
    expect(box.closest("[data-field]")).toHaveTextContent("お知らせを受け取る任意");
    await user.click(box);
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ agree: true });
  });

  it("starts unticked even when the rule says it must be ticked", async () => {
    const form = testForm({ agree: { type: "boolean", title: "同意する", const: true } }, {}, ["agree"]);
    const { onSubmit, submit } = renderForm(form);
    expect(screen.getByRole("checkbox", { name: "同意する" })).not.toBeChecked();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    // One wrong field: no summary, the focus on the field and its message under it (issue 41 §13).
    expect(screen.queryByRole("alert", { name: /入力内容に/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "同意する" })).toHaveFocus());
  });

  it("links an external policy it asks consent to", () => {
    const form = testForm(
      { privacy: { type: "boolean", title: "プライバシーポリシー", enum: [true] } },
      {
        privacy: {
          "ui:widget": "checkbox",
          "ui:options": {
            policyTitle: "プライバシーポリシー",
            isExternal: true,
            url: "https://example.jp/privacy",
          },
        },
      },
      ["privacy"],
    );
    renderForm(form);
    expect(screen.getByRole("link", { name: /^プライバシーポリシー/ })).toHaveAttribute(
      "href",
      "https://example.jp/privacy",
    );
    expect(screen.getByRole("checkbox", { name: "プライバシーポリシーに同意する" })).toBeEnabled();
  });
});

describe("option names", () => {
  it("are translated by key for built-in choices", () => {
    const form = testForm(
      { sex: genderSchema },
      {
        sex: {
          "ui:widget": "radio",
          "ui:enumNames": genderNames,
          "ui:options": { labelKey: true, enumNamesKeys: true },
        },
      },
    );
    renderForm(form);
    expect(screen.getByRole("radio", { name: "男性" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "性別 任意" })).toBeInTheDocument();
  });
});
