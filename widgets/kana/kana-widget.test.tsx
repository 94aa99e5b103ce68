// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const kanaForm = () =>
  testForm(
    { familyNameKana: { type: "string", title: "セイ" }, givenName: { type: "string", title: "名" } },
    { familyNameKana: { "ui:widget": "kana" } },
  );

describe("kana widget", () => {
  it("turns hiragana into katakana when the field is left", async () => {
    const { user, onSubmit, submit } = renderForm(kanaForm());
    const input = screen.getByRole("textbox", { name: /^セイ/ });
    await user.type(input, "やまだ");
    expect(input).toHaveValue("やまだ");
    await user.tab();
    expect(input).toHaveValue("ヤマダ");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ familyNameKana: "ヤマダ" });
  });

  it("leaves the text alone while an IME composes it", () => {
    renderForm(kanaForm());
    const input = screen.getByRole("textbox", { name: /^セイ/ });
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: "やま" } });
    expect(input).toHaveValue("やま");
    fireEvent.compositionEnd(input);
    fireEvent.blur(input);
    expect(input).toHaveValue("ヤマ");
  });
});
