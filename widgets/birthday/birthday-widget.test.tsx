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

  it("says under the field what a typed date was corrected to, until it is edited again", async () => {
    const { user, onSubmit, submit } = renderForm(birthdayForm());
    // The field is full at 2025/01/31, so the last 0 of 2030/13/40 is never typed.
    await user.type(input(), "20301340");
    expect(input()).toHaveValue("2025/01/31");
    const notice = "2030/13/4 を 2025/01/31 に修正しました。日付をご確認ください。";
    const line = screen.getByText(notice, { selector: ".sf-field__notice" });
    expect(input().getAttribute("aria-describedby")?.split(" ")).toContain(line.id);
    // announced politely as well
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain(notice);
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ birthday: "20250131" });
    expect(screen.getByText(notice, { selector: ".sf-field__notice" })).toBeInTheDocument();

    await user.type(input(), "{Backspace}");
    expect(screen.queryByText(notice)).toBeNull();
    expect(screen.getAllByRole("status").map((status) => status.textContent)).not.toContain(notice);
  });

  it("says nothing when a date is only read, not changed", async () => {
    const { user } = renderForm(birthdayForm());
    await user.type(input(), "2024131");
    expect(input()).toHaveValue("2024/01/31");
    expect(document.querySelector(".sf-field__notice")).toBeNull();
  });

  it("tells of a future date replaced by today and of a day past the month's end", async () => {
    const { user } = renderForm(birthdayForm());
    await user.type(input(), "20301201");
    expect(
      screen.getByText("2030/12/01 を 2025/11/20 に修正しました。日付をご確認ください。", {
        selector: ".sf-field__notice",
      }),
    ).toBeInTheDocument();
    await user.clear(input());
    // typed, the last 0 would not fit; pasted, it is dropped by the rules
    await user.paste("19900230");
    expect(input()).toHaveValue("1990/02/03");
    expect(
      screen.getByText("1990/02/30 を 1990/02/03 に修正しました。日付をご確認ください。", {
        selector: ".sf-field__notice",
      }),
    ).toBeInTheDocument();
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
