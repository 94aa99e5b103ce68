// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const pinForm = (length: 4 | 6, masked: boolean) =>
  testForm(
    { pinCode: { type: "string", title: "PINコード" } },
    { pinCode: { "ui:widget": "pinCode", "ui:options": { length, masked } } },
  );

const box = (index: number) => screen.getByLabelText(new RegExp(` ${index}桁目$`));
const values = () => screen.getAllByLabelText(/桁目$/).map((element) => (element as HTMLInputElement).value);

describe("PIN code boxes", () => {
  it("shows one box per digit in a group named by the field", () => {
    renderForm(pinForm(6, false));
    const group = screen.getByRole("group", { name: /^PINコード/ });
    expect(group).toContainElement(box(1));
    expect(values()).toEqual(["", "", "", "", "", ""]);
    expect(box(1)).toHaveAttribute("autocomplete", "one-time-code");
    expect(box(2)).toHaveAttribute("autocomplete", "off");
    expect(box(1)).toHaveAttribute("inputmode", "numeric");
  });

  it("offers no one-time-code autofill where the uiSchema turns it off (TV-profile PIN)", () => {
    const form = pinForm(4, true);
    form.uiSchema.pinCode = { ...(form.uiSchema.pinCode as object), "ui:autocomplete": "off" };
    renderForm(form);
    expect(box(1)).toHaveAttribute("autocomplete", "off");
  });

  it("moves to the next box as digits are typed, ignoring anything else", async () => {
    const { user, onSubmit, submit } = renderForm(pinForm(4, false));
    await user.click(box(1));
    await user.keyboard("1a2");
    expect(values()).toEqual(["1", "2", "", ""]);
    expect(box(3)).toHaveFocus();
    await user.keyboard("34");
    expect(values()).toEqual(["1", "2", "3", "4"]);
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ pinCode: "1234" });
  });

  it("replaces the digit of a filled box typed over", async () => {
    const { user } = renderForm(pinForm(4, false));
    await user.click(box(1));
    await user.keyboard("1234");
    await user.click(box(2));
    await user.keyboard("9");
    expect(values()).toEqual(["1", "9", "3", "4"]);
  });

  it("retypes a whole code over a refused one, also where a digit is the one the box held", async () => {
    const { user } = renderForm(pinForm(4, false), { formData: { pinCode: "0000" } });
    await user.click(box(1));
    await user.keyboard("8035");
    expect(values()).toEqual(["8", "0", "3", "5"]);
    expect(box(4)).toHaveFocus();
  });

  it("takes the digit an on-screen keyboard puts beside the box's digit (no digit key event)", () => {
    renderForm(pinForm(4, false), { formData: { pinCode: "1111" } });
    // The caret follows the character just typed: after the old digit, then before it.
    fireEvent.change(box(2), { target: { value: "17", selectionStart: 2, selectionEnd: 2 } });
    expect(values()).toEqual(["1", "7", "1", "1"]);
    expect(box(3)).toHaveFocus();
    fireEvent.change(box(3), { target: { value: "51", selectionStart: 1, selectionEnd: 1 } });
    expect(values()).toEqual(["1", "7", "5", "1"]);
  });

  it("clears a filled box and stays, so that the last digit can be typed again (issue 41 §9)", async () => {
    const { user } = renderForm(pinForm(4, false));
    await user.click(box(1));
    await user.keyboard("1235");
    expect(box(4)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(values()).toEqual(["1", "2", "3", ""]);
    expect(box(4)).toHaveFocus();
    await user.keyboard("4");
    expect(values()).toEqual(["1", "2", "3", "4"]);
  });

  it("in an empty box clears the one before and moves there, as deleting the digit before the caret", async () => {
    const { user } = renderForm(pinForm(4, false));
    await user.click(box(1));
    await user.keyboard("12");
    expect(box(3)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(values()).toEqual(["1", "", "", ""]);
    expect(box(2)).toHaveFocus();
    await user.keyboard("{Backspace}{Backspace}{Backspace}");
    expect(values()).toEqual(["", "", "", ""]);
    expect(box(1)).toHaveFocus();
  });

  it("moves between boxes with the arrow keys", async () => {
    const { user } = renderForm(pinForm(4, false));
    await user.click(box(2));
    await user.keyboard("{ArrowRight}");
    expect(box(3)).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(box(1)).toHaveFocus();
  });

  it("fills every box from a paste of exactly the code's digits", async () => {
    const { user } = renderForm(pinForm(6, false));
    await user.click(box(3));
    await user.paste(" 123456\n");
    expect(values()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(box(6)).toHaveFocus();
  });

  it.each(["12345", "1234567", "12a456", "123-456"])("ignores a paste of %j", async (text) => {
    const { user } = renderForm(pinForm(6, false));
    await user.click(box(1));
    await user.paste(text);
    expect(values()).toEqual(["", "", "", "", "", ""]);
  });

  it("masks every box but the focused one", async () => {
    const { user } = renderForm(pinForm(4, true));
    await user.click(box(1));
    await user.keyboard("12");
    expect(box(1)).toHaveAttribute("type", "password");
    expect(box(3)).toHaveAttribute("type", "text");
    await user.tab();
    expect(box(3)).toHaveAttribute("type", "password");
  });

  it("keeps a gap in place: the value is only complete when every box is", async () => {
    const { user, onChange } = renderForm(pinForm(4, false));
    await user.click(box(1));
    await user.keyboard("1234");
    await user.click(box(2));
    await user.keyboard("{Backspace}");
    expect(values()).toEqual(["1", "", "3", "4"]);
    expect(onChange.mock.lastCall?.[0]).toEqual({ pinCode: "134" });
  });
});
