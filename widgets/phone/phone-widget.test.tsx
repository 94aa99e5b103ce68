// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const phoneForm = () =>
  testForm({ phoneNumber: { type: "string", title: "電話番号" } }, { phoneNumber: { "ui:widget": "phone" } });
const input = () => screen.getByRole("textbox", { name: /^電話番号/ });

describe("phone widget", () => {
  it("is a telephone input of at most 11 digits", async () => {
    const { user, onSubmit, submit } = renderForm(phoneForm());
    expect(input()).toHaveAttribute("type", "tel");
    expect(input()).toHaveAttribute("inputmode", "tel");
    expect(input()).toHaveAttribute("maxlength", "11");
    await user.type(input(), "090-1234-56789");
    expect(input()).toHaveValue("09012345678");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ phoneNumber: "09012345678" });
  });

  it("takes a pasted number with hyphens", async () => {
    const { user } = renderForm(phoneForm());
    await user.click(input());
    await user.paste("03-1234-5678");
    expect(input()).toHaveValue("0312345678");
  });

  it("converts full-width digits once the IME has finished", () => {
    renderForm(phoneForm());
    fireEvent.compositionStart(input());
    fireEvent.change(input(), { target: { value: "０９０" } });
    expect(input()).toHaveValue("０９０");
    fireEvent.compositionEnd(input());
    expect(input()).toHaveValue("090");
  });

  it("also when the browser sends the last input after compositionend (Safari)", () => {
    renderForm(phoneForm());
    fireEvent.compositionStart(input());
    fireEvent.change(input(), { target: { value: "０９" } });
    fireEvent.compositionEnd(input(), { target: { value: "０９０" } });
    fireEvent.change(input(), { target: { value: "０９０" } });
    expect(input()).toHaveValue("090");
  });
});
