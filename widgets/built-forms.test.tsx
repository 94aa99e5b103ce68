// @vitest-environment jsdom
/**
 * The theme against forms as the schema builders make them (schemas/forms): the messages, labels
 * and widget options of the real definitions, end to end through SchemaForm.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProfilePinForm } from "../schemas/forms/codes.ts";
import { buildRegistrationForm } from "../schemas/forms/registration.ts";
import type { AccountRegistrationSetting } from "../schemas/types/account-registration-setting.gen.ts";
import { lastSubmitted, renderForm } from "./test-utils.tsx";

const unused = Object.fromEntries(
  [
    "givenName",
    "familyNameKana",
    "givenNameKana",
    "name",
    "nameKana",
    "nickname",
    "sex",
    "phoneNumber",
    "country",
    "address2",
    "userId",
  ].map((name) => [name, "NOT_USE"]),
);
const addressSetting = {
  ...unused,
  familyName: "REQUIRED",
  birthday: "OPTIONAL",
  postalCode: "REQUIRED",
  prefecture: "REQUIRED",
  address: "REQUIRED",
} as AccountRegistrationSetting;

const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe("the registration form", () => {
  const form = () => buildRegistrationForm({ setting: addressSetting, purpose: "edit" }, "v1");

  it("shows the store's message above the form in the page's language", () => {
    const setting = {
      ...addressSetting,
      message: "ご登録いただいた情報は…",
      messageEn: "What you register…",
    };
    const withMessage = () => buildRegistrationForm({ setting, purpose: "edit" }, "v-message");
    renderForm(withMessage(), {}, "en");
    expect(screen.getByText("What you register…")).toBeInTheDocument();
    expect(screen.queryByText("ご登録いただいた情報は…")).toBeNull();
  });

  it("shows the spec's messages for missing answers, each under its field", async () => {
    const { submit, onSubmit } = renderForm(form());
    expect(screen.getByRole("textbox", { name: "姓 必須" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "生年月日 任意" })).toBeInTheDocument();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(field("familyName")).getByRole("alert")).toHaveTextContent("※姓を入力してください。");
    expect(within(field("prefecture")).getByRole("alert")).toHaveTextContent("※都道府県を選択してください。");
    expect(within(field("birthday")).queryByRole("alert")).toBeNull();
    // Focus goes to the summary, which names each field once and does not repeat the messages.
    const summary = screen.getByRole("alert", { name: /^入力内容に\d+件の誤りがあります。$/ });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole("link", { name: "姓" })).toBeInTheDocument();
    expect(summary).not.toHaveTextContent("姓を入力してください。");
  });

  it("fills the address from the postal search and sends clean data", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          results: [
            { prefectureCode: 13, city: "千代田区", town: "千代田", allAddress: "東京都千代田区千代田" },
          ],
        }),
      ),
    );
    const { user, submit, onSubmit } = renderForm(form());
    await user.type(screen.getByRole("textbox", { name: "姓 必須" }), " 山田 ");
    await user.type(screen.getByRole("textbox", { name: "郵便番号 必須" }), "100-0001");
    await user.click(screen.getByRole("button", { name: "住所検索" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "住所 必須" })).toHaveValue("千代田区千代田"),
    );
    await user.type(screen.getByRole("textbox", { name: "住所 必須" }), "1-1");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({
      familyName: "山田",
      postalCode: "1000001",
      prefecture: 13,
      address: "千代田区千代田1-1",
    });
  });

  it("rejects a birthday that is not a whole date", async () => {
    const { user, submit } = renderForm(form(), {
      formData: { familyName: "山田", postalCode: "1000001", prefecture: 13, address: "x" },
    });
    await user.type(screen.getByRole("textbox", { name: "生年月日 任意" }), "19905");
    await submit();
    expect(within(field("birthday")).getByRole("alert")).toHaveTextContent(
      "※生年月日の形式が正しくありません",
    );
  });
});

describe("the TV-profile PIN form", () => {
  it("keeps 設定する disabled until all 8 boxes are typed", async () => {
    const { user } = renderForm(buildProfilePinForm({ withConfirmation: true }, "v1"), {
      submitLabelKey: "form.submit",
    });
    const button = screen.getByRole("button", { name: "送信する" });
    const pin = within(screen.getByRole("group", { name: "PINコード 必須" }));
    const confirmation = within(screen.getByRole("group", { name: "PINコード（確認用） 必須" }));
    expect(pin.getByLabelText(/ 1桁目$/)).toHaveAttribute("autocomplete", "off");
    await user.click(pin.getByLabelText(/ 1桁目$/));
    await user.keyboard("1234");
    await user.click(confirmation.getByLabelText(/ 1桁目$/));
    await user.keyboard("123");
    expect(button).toBeDisabled();
    await user.keyboard("4");
    expect(button).toBeEnabled();
  });

  it("says when the confirmation differs", async () => {
    const { user, submit } = renderForm(buildProfilePinForm({ withConfirmation: true }, "v1"));
    await user.click(within(screen.getByRole("group", { name: "PINコード 必須" })).getByLabelText(/ 1桁目$/));
    await user.paste("1234");
    await user.click(
      within(screen.getByRole("group", { name: "PINコード（確認用） 必須" })).getByLabelText(/ 1桁目$/),
    );
    await user.paste("1235");
    await submit();
    expect(within(field("pinCodeConfirm")).getByRole("alert")).toHaveTextContent(
      "※確認用PINコードが一致しません。",
    );
  });
});
