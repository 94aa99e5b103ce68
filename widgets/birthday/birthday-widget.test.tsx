// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const birthdayForm = () =>
  testForm({ birthday: { type: "string", title: "生年月日" } }, { birthday: { "ui:widget": "birthday" } });
const input = () => screen.getByRole("textbox", { name: /^生年月日/ });

beforeEach(() => {
  // Only Date is faked: user-event's own timers keep running.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 10, 20, 12));
});
afterEach(() => vi.useRealTimers());

describe("birthday widget", () => {
  it("shows YYYY/MM/DD while typing and stores YYYYMMDD", async () => {
    const { user, onSubmit, submit } = renderForm(birthdayForm());
    expect(input()).toHaveAttribute("placeholder", "YYYY/MM/DD");
    expect(input()).toHaveAttribute("maxlength", "10");
    expect(input()).toHaveAttribute("inputmode", "numeric");
    await user.type(input(), "19900515");
    expect(input()).toHaveValue("1990/05/15");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ birthday: "19900515" });
  });

  it("corrects as the user types: a month of 3 becomes 03, 13 becomes 01 and 3…", async () => {
    const { user } = renderForm(birthdayForm());
    await user.type(input(), "20243");
    expect(input()).toHaveValue("2024/03");
    await user.clear(input());
    await user.type(input(), "202413");
    expect(input()).toHaveValue("2024/01/3");
    await user.type(input(), "1");
    expect(input()).toHaveValue("2024/01/31");
  });

  it("replaces a future date with today", async () => {
    const { user } = renderForm(birthdayForm());
    await user.type(input(), "20251215");
    expect(input()).toHaveValue("2025/11/20");
  });

  it("ignores letters and lets Backspace remove a digit", async () => {
    const { user } = renderForm(birthdayForm());
    await user.type(input(), "1990a05");
    expect(input()).toHaveValue("1990/05");
    await user.type(input(), "{Backspace}");
    expect(input()).toHaveValue("1990/0");
  });

  it("takes a pasted date written with hyphens", async () => {
    const { user } = renderForm(birthdayForm());
    await user.click(input());
    await user.paste("1990-05-15");
    expect(input()).toHaveValue("1990/05/15");
  });

  it("shows a value posted back as typed (with slashes) as the date it is", async () => {
    renderForm(birthdayForm(), { formData: { birthday: "1990/04/15" } });
    expect(input()).toHaveValue("1990/04/15");
  });

  it("shows a stored birthday and stores nothing once emptied", async () => {
    const { user, onSubmit, submit } = renderForm(birthdayForm(), { formData: { birthday: "20000229" } });
    expect(input()).toHaveValue("2000/02/29");
    await user.clear(input());
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({});
  });
});
