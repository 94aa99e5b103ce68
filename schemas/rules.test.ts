import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FormDefinition, PasswordStrength } from "./form-definition.ts";
import { composeForm, type FormField } from "./forms/compose.ts";
import {
  authCodeField,
  backupCodeField,
  birthdayField,
  campaignCodeField,
  cardExpiryMonthField,
  cardExpiryYearField,
  cardLastFourField,
  cardNumberField,
  currentPasswordField,
  emailConfirmationField,
  emailField,
  type FieldSpec,
  invoiceAddresseeField,
  kanaField,
  literalCheckboxField,
  literalChoiceField,
  literalTextField,
  loginIdentifierField,
  loginPasswordField,
  newPasswordField,
  otpField,
  passwordConfirmationField,
  phoneNumberField,
  policyConsentField,
  postalCodeField,
  prefectureField,
  profilePinConfirmationField,
  profilePinField,
  securityCodeField,
  sexField,
  smsCodeField,
  surveyCheckboxesField,
  surveyChoiceField,
  surveyTextField,
  textField,
  userIdChangePasswordField,
  userIdField,
  withdrawalConsentField,
} from "./rules.ts";
import { errorsOf, messagesFor } from "./test-helpers.ts";

let formCount = 0;

/** A form of the given fields, all required unless listed in `optional`. */
function formOf(fields: Record<string, FieldSpec>, optional: string[] = []): FormDefinition {
  formCount += 1;
  const entries: FormField[] = Object.entries(fields).map(([name, spec]) => ({
    name,
    spec,
    required: !optional.includes(name),
  }));
  return { ...composeForm({ id: `rules-test-${formCount}`, fields: entries }), version: "test" };
}

/** [value, expected messages] rows for one field; [] means valid. */
type Row = [unknown, string[]];

function checkRows(form: FormDefinition, field: string, rows: Row[], others: Record<string, unknown> = {}) {
  for (const [value, expected] of rows) {
    const data: Record<string, unknown> = { ...others, [field]: value };
    if (value === undefined) delete data[field];
    expect(messagesFor(form, data, field), `${field} = ${JSON.stringify(value)}`).toEqual(expected);
  }
}

describe("password (spec §5 Password)", () => {
  const tooShort = "パスワードは8文字以上で設定してください。";
  const tooLong = "パスワードは30文字以下で設定してください。";
  const badCharacters = "パスワードに使用できない文字が含まれています。";
  const lowercase = "パスワードには英小文字を1文字以上含めてください。";
  const digit = "パスワードには数字を1文字以上含めてください。";
  const uppercase = "パスワードには英大文字を1文字以上含めてください。";
  const symbol = "パスワードには記号を1文字以上含めてください。";

  it("is 8 to 30 letters, digits and ASCII symbols with a lowercase letter and a digit", () => {
    const form = formOf({ password: newPasswordField("LOWER_DIGIT") });
    checkRows(form, "password", [
      ["abcdef12", []],
      [`a1${"x".repeat(28)}`, []],
      ["ab!#$%&1", []],
      [undefined, ["パスワードを入力してください。"]],
      ["", ["パスワードを入力してください。"]],
      ["abcde12", [tooShort]],
      [`a1${"x".repeat(29)}`, [tooLong]],
      ["abcdef12あ", [badCharacters]],
      ["abcd ef12", [badCharacters]],
      ["ABCDEFG1", [lowercase]],
      ["abcdefgh", [digit]],
      ["ABCDEFGH", [lowercase, digit]],
    ]);
  });

  it("is taken as typed: surrounding spaces are not trimmed away", () => {
    const form = formOf({ password: newPasswordField("LOWER_DIGIT") });
    expect(messagesFor(form, { password: " abcdef12 " }, "password")).toEqual([badCharacters]);
  });

  it.each<[PasswordStrength, string, string[]]>([
    ["LOWER_DIGIT", "abcdefg1", []],
    ["LOWER_DIGIT_SYMBOL", "abcdefg1", [symbol]],
    ["LOWER_DIGIT_SYMBOL", "abcdef1!", []],
    ["LOWER_DIGIT_UPPER", "abcdefg1", [uppercase]],
    ["LOWER_DIGIT_UPPER", "abcdefG1", []],
    ["LOWER_DIGIT_UPPER_SYMBOL", "abcdefg1", [uppercase, symbol]],
    ["LOWER_DIGIT_UPPER_SYMBOL", "abcdefG!", [digit]],
    ["LOWER_DIGIT_UPPER_SYMBOL", "abcdeF1!", []],
  ])("strength %s: %s → %j", (strength, password, expected) => {
    const form = formOf({ password: newPasswordField(strength) });
    expect(messagesFor(form, { password }, "password")).toEqual(expected);
  });

  it("must match its confirmation", () => {
    const form = formOf({
      password: newPasswordField("LOWER_DIGIT"),
      passwordConfirm: passwordConfirmationField("password"),
    });
    checkRows(
      form,
      "passwordConfirm",
      [
        ["abcdef12", []],
        ["abcdef13", ["パスワードが一致しません"]],
        [undefined, ["確認用パスワードを入力してください。"]],
      ],
      { password: "abcdef12" },
    );
  });

  it("when changed must differ from the old one, which is required", () => {
    const form = formOf({
      oldPassword: currentPasswordField(),
      newPassword: newPasswordField("LOWER_DIGIT", "field.newPassword", "oldPassword"),
    });
    expect(messagesFor(form, { oldPassword: "abcdef12", newPassword: "abcdef12" }, "newPassword")).toEqual([
      "現在のパスワードとは異なるパスワードを設定してください。",
    ]);
    expect(messagesFor(form, { oldPassword: "abcdef12", newPassword: "abcdef13" }, "newPassword")).toEqual(
      [],
    );
    expect(errorsOf(form, { newPassword: "abcdef12" })).toEqual([
      { field: "oldPassword", message: "現在のパスワードを入力してください。" },
    ]);
  });

  it("of the login form is only required", () => {
    const form = formOf({ password: loginPasswordField() });
    checkRows(form, "password", [
      ["x", []],
      [undefined, ["パスワードを入力してください。"]],
    ]);
  });
});

describe("user ID (spec §5 User ID)", () => {
  it("is 6 to 15 half-width letters and digits", () => {
    const form = formOf({ userId: userIdField() });
    checkRows(form, "userId", [
      ["taro2024", []],
      ["abcdef", []],
      ["abcdefghij12345", []],
      [undefined, ["ユーザIDを入力してください。"]],
      ["abc12", ["ユーザIDは6文字以上です。"]],
      ["abcdefghij123456", ["ユーザIDは15文字以下です。"]],
      ["taro_2024", ["半角英数字で入力してください。"]],
      ["ｔａｒｏ２０２４", ["半角英数字で入力してください。"]],
    ]);
  });

  it("must change when editing it, with a password of at least 8 characters", () => {
    const form = formOf({
      userId: userIdField({ currentValue: "taro2024" }),
      password: userIdChangePasswordField(),
    });
    expect(messagesFor(form, { userId: "taro2024", password: "abcdefgh" }, "userId")).toEqual([
      "ユーザIDを変更してください。",
    ]);
    expect(messagesFor(form, { userId: "jiro2024", password: "abcdefgh" }, "userId")).toEqual([]);
    checkRows(
      form,
      "password",
      [
        ["abcdefgh", []],
        ["abcdefg", ["パスワードは8文字以上です"]],
        [undefined, ["パスワードを入力してください。"]],
      ],
      { userId: "jiro2024" },
    );
  });

  it("tells the widget where to check availability and what the current ID is", () => {
    const { ui } = userIdField({ currentValue: "taro2024", verifyPath: "/zapi/account/user-id/verify" });
    expect(ui["ui:widget"]).toBe("userId");
    expect(ui["ui:options"]).toMatchObject({
      verifyPath: "/zapi/account/user-id/verify",
      currentValue: "taro2024",
    });
  });
});

describe("e-mail (spec §5 E-mail)", () => {
  it("is required, well formed and at most 254 characters", () => {
    const form = formOf({ email: emailField() });
    /** A well-formed address of the given length: 64 + 1 + 3 × 61 + n + 3 characters. */
    const addressOfLength = (length: number) =>
      `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(length - 251)}.jp`;
    checkRows(form, "email", [
      ["taro@example.jp", []],
      ["taro.yamada+tv@mail.example.co.jp", []],
      ["taro..yamada.@docomo.ne.jp", []],
      [undefined, ["メールアドレスを入力してください。"]],
      ["taro", ["メールアドレスの形式が正しくありません。"]],
      ["taro@", ["メールアドレスの形式が正しくありません。"]],
      ["taro@example", ["メールアドレスの形式が正しくありません。"]],
      ["taro yamada@example.jp", ["メールアドレスの形式が正しくありません。"]],
      [addressOfLength(254), []],
      [addressOfLength(255), ["メールアドレスは254文字以内で入力してください。"]],
    ]);
  });

  it("typed in full-width characters is read as half-width", () => {
    const form = formOf({ email: emailField() });
    expect(messagesFor(form, { email: "ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ" }, "email")).toEqual([]);
  });

  it("must match its confirmation and, when changed, differ from the current address", () => {
    const form = formOf({
      email: emailField({ currentValue: "taro@example.jp" }),
      emailConfirm: emailConfirmationField("email"),
    });
    expect(errorsOf(form, { email: "taro@example.jp", emailConfirm: "taro@example.jp" })).toEqual([
      { field: "email", message: "メールアドレスを変更してください。" },
    ]);
    expect(errorsOf(form, { email: "jiro@example.jp", emailConfirm: "jiro@example.com" })).toEqual([
      { field: "emailConfirm", message: "メールアドレスが一致しません。" },
    ]);
    expect(errorsOf(form, { email: "jiro@example.jp" })).toEqual([
      { field: "emailConfirm", message: "確認用メールアドレスを入力してください。" },
    ]);
    expect(errorsOf(form, { email: "jiro@example.jp", emailConfirm: "jiro@example.jp" })).toEqual([]);
  });
});

describe("login identifier (spec §5 Login)", () => {
  it("with user IDs enabled is required in any form", () => {
    const form = formOf({ emailUserId: loginIdentifierField("emailOrUserId") });
    checkRows(form, "emailUserId", [
      ["taro2024", []],
      ["taro@example.jp", []],
      [undefined, ["メールアドレスまたはユーザIDを入力してください。"]],
      ["   ", ["メールアドレスまたはユーザIDを入力してください。"]],
    ]);
  });

  it("of an e-mail-only store follows the e-mail rules", () => {
    const form = formOf({ emailUserId: loginIdentifierField("email") });
    checkRows(form, "emailUserId", [
      ["taro@example.jp", []],
      ["taro2024", ["メールアドレスの形式が正しくありません。"]],
      [undefined, ["メールアドレスを入力してください。"]],
    ]);
  });

  it("of a user-ID-only store asks for the user ID", () => {
    const form = formOf({ emailUserId: loginIdentifierField("userId") });
    expect(messagesFor(form, {}, "emailUserId")).toEqual(["ユーザIDを入力してください。"]);
  });
});

describe("codes", () => {
  const signUpCode = { displayName: "会員登録用認証コード", displayNameEn: "sign-up code" };

  it("an e-mail PIN is 6 half-width digits, with messages naming the purpose", () => {
    const form = formOf({ pinCode: authCodeField(signUpCode) });
    checkRows(form, "pinCode", [
      ["123456", []],
      ["１２３４５６", []],
      [undefined, ["会員登録用認証コードを入力してください。"]],
      ["12345", ["会員登録用認証コードは半角数字6桁で入力してください。"]],
      ["1234567", ["会員登録用認証コードは半角数字6桁で入力してください。"]],
      ["12a456", ["会員登録用認証コードは半角数字6桁で入力してください。"]],
    ]);
    expect(messagesFor(form, {}, "pinCode", "en")).toEqual(["Enter the sign-up code."]);
  });

  it("a TV-profile PIN is exactly 4 digits and its confirmation must match", () => {
    const form = formOf({
      pinCode: profilePinField(),
      pinCodeConfirm: profilePinConfirmationField("pinCode"),
    });
    checkRows(
      form,
      "pinCode",
      [
        ["1234", []],
        [undefined, ["4桁のPINコードを入力してください。"]],
        ["123", ["4桁のPINコードを入力してください。"]],
        ["12345", ["4桁のPINコードを入力してください。"]],
        ["12a4", ["PINコードに使用できない文字が含まれています。"]],
      ],
      { pinCodeConfirm: "1234" },
    );
    checkRows(
      form,
      "pinCodeConfirm",
      [
        ["1234", []],
        ["1235", ["確認用PINコードが一致しません。"]],
        ["12", ["4桁のPINコードを入力してください。", "確認用PINコードが一致しません。"]],
        [undefined, ["4桁のPINコードを入力してください。"]],
      ],
      { pinCode: "1234" },
    );
  });

  it("a one-time password is exactly 6 digits", () => {
    const form = formOf({ value: otpField() });
    const message = "6桁のワンタイムパスワードを入力してください。";
    checkRows(form, "value", [
      ["123456", []],
      [undefined, [message]],
      ["12345", [message]],
      ["1234567", [message]],
      ["12345a", [message]],
    ]);
  });

  it("an SMS code is 6 digits", () => {
    const form = formOf({ value: smsCodeField() });
    checkRows(form, "value", [
      ["123456", []],
      [undefined, ["認証コードを入力してください。"]],
      ["12", ["認証コードは半角数字6桁で入力してください。"]],
    ]);
  });

  it("a backup code is 8 half-width letters and digits", () => {
    const form = formOf({ value: backupCodeField() });
    checkRows(form, "value", [
      ["a1b2c3d4", []],
      [undefined, ["バックアップコードを入力してください。"]],
      ["a1b2c3", ["バックアップコードは半角英数字8文字で入力してください。"]],
      ["a1b2-c3d4", ["バックアップコードは半角英数字8文字で入力してください。"]],
    ]);
  });
});

describe("registration fields (spec §5 Registration fields)", () => {
  it("kana is full-width katakana; half-width kana count as full-width", () => {
    const form = formOf({ familyNameKana: kanaField("field.familyNameKana", 50) });
    checkRows(form, "familyNameKana", [
      ["ヤマダ", []],
      ["ヴァン・デル ヨーヘン", []],
      ["ﾔﾏﾀﾞ", []],
      ["やまだ", ["全角カタカナで入力してください"]],
      ["山田", ["全角カタカナで入力してください"]],
      ["Yamada", ["全角カタカナで入力してください"]],
      [undefined, ["姓（カナ）を入力してください。"]],
      ["ア".repeat(51), ["姓（カナ）は50文字以内で入力してください。"]],
    ]);
  });

  it("birthday is YYYYMMDD of a real day in 19xx or 20xx", () => {
    const form = formOf({ birthday: birthdayField() });
    const message = "生年月日の形式が正しくありません";
    checkRows(form, "birthday", [
      ["19900101", []],
      ["20000229", []],
      ["18991231", [message]],
      ["21000101", [message]],
      ["19901301", [message]],
      ["20230230", [message]],
      ["19000229", [message]],
      // Typed as the widget shows it (or by hand before its script runs): the separators go.
      ["1990/01/01", []],
      ["1990/13/01", [message]],
      ["1990011", [message]],
      ["1990年01月01日", [message]],
      [undefined, ["生年月日を入力してください。"]],
    ]);
  });

  it("birthday refuses a day after today in Japan, whoever sends it (issue 41 §1)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // 15:30 UTC on 25 Nov is 00:30 on 26 Nov in Japan.
      vi.setSystemTime(new Date("2026-11-25T15:30:00Z"));
      const message = "生年月日の形式が正しくありません";
      checkRows(formOf({ birthday: birthdayField() }), "birthday", [
        ["20261126", []],
        ["20261127", [message]],
        ["20301201", [message]],
        ["2030/12/01", [message]],
        ["19000101", []],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an empty birthday is fine when the field is optional", () => {
    const form = formOf({ birthday: birthdayField() }, ["birthday"]);
    expect(errorsOf(form, { birthday: "" })).toEqual([]);
  });

  it("sex is one of 1, 2, 9 and 0; 0 only when unknown gender is allowed", () => {
    const message = "性別を選択してください。";
    checkRows(formOf({ sex: sexField("select", false) }), "sex", [
      [1, []],
      [2, []],
      [9, []],
      [0, []],
      ["2", []],
      [3, [message]],
      ["male", [message]],
      [undefined, [message]],
    ]);
    checkRows(formOf({ sex: sexField("radio", true) }), "sex", [
      [1, []],
      [0, [message]],
    ]);
  });

  it("phone is 10 or 11 digits; hyphens are removed first", () => {
    const form = formOf({ phoneNumber: phoneNumberField() });
    const message = "電話番号の形式が正しくありません";
    checkRows(form, "phoneNumber", [
      ["09012345678", []],
      ["0312345678", []],
      ["090-1234-5678", []],
      ["０９０ー１２３４ー５６７８", []],
      ["012345678", [message]],
      ["090123456789", [message]],
      ["090abcd5678", [message]],
      [undefined, ["電話番号を入力してください。"]],
    ]);
  });

  it("postal code is 7 digits; the hyphen is removed first", () => {
    const form = formOf({ postalCode: postalCodeField() });
    const message = "郵便番号の形式が正しくありません";
    checkRows(form, "postalCode", [
      ["1000001", []],
      ["100-0001", []],
      ["１００－０００１", []],
      ["100001", [message]],
      ["10000011", [message]],
      ["abc-defg", [message]],
      [undefined, ["郵便番号を入力してください。"]],
    ]);
  });

  it("prefecture is required and a code from 1 to 47", () => {
    const form = formOf({ prefecture: prefectureField() });
    const invalid = "都道府県を正しく選択してください。";
    checkRows(form, "prefecture", [
      [1, []],
      [47, []],
      ["13", []],
      [0, [invalid]],
      [48, [invalid]],
      [1.5, [invalid]],
      ["Tokyo", [invalid]],
      [undefined, ["都道府県を選択してください。"]],
    ]);
  });

  it("names and nickname have a maximum length and are trimmed", () => {
    const form = formOf({ nickname: textField("field.nickname", 30) });
    checkRows(form, "nickname", [
      ["  たろう  ", []],
      ["あ".repeat(30), []],
      ["あ".repeat(31), ["ニックネームは30文字以内で入力してください。"]],
      ["   ", ["ニックネームを入力してください。"]],
    ]);
  });

  it("custom TEXT, SELECT and CHECKBOX items use the store's title", () => {
    const form = formOf({
      custom_referral: literalTextField({ title: "きっかけ", titleEn: "Referral" }, 10),
      custom_genre: literalChoiceField({ title: "好きなジャンル" }, [
        { value: "movie", label: "映画" },
        { value: "anime", label: "アニメ" },
      ]),
      custom_news: literalCheckboxField({ title: "お知らせを受け取る" }, true),
    });
    expect(errorsOf(form, {})).toEqual([
      { field: "custom_referral", message: "きっかけを入力してください。" },
      { field: "custom_genre", message: "好きなジャンルを選択してください。" },
      { field: "custom_news", message: "お知らせを受け取るにチェックを入れてください。" },
    ]);
    expect(
      errorsOf(form, { custom_referral: "あ".repeat(11), custom_genre: "music", custom_news: false }),
    ).toEqual([
      { field: "custom_referral", message: "きっかけは10文字以内で入力してください。" },
      { field: "custom_genre", message: "選択肢の中から選択してください。" },
      { field: "custom_news", message: "お知らせを受け取るにチェックを入れてください。" },
    ]);
    expect(errorsOf(form, { custom_referral: "友人", custom_genre: "anime", custom_news: true })).toEqual([]);
    expect(messagesFor(form, {}, "custom_referral", "en")).toEqual(["Referral is required."]);
  });

  it("an optional custom CHECKBOX may stay unticked", () => {
    const form = formOf({ custom_news: literalCheckboxField({ title: "お知らせ" }, false) }, ["custom_news"]);
    expect(errorsOf(form, { custom_news: false })).toEqual([]);
  });
});

describe("card (spec §5 Card)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-04-15T03:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const cardForm = () =>
    formOf({
      cardNumber: cardNumberField(),
      expiryMonth: cardExpiryMonthField("expiryYear"),
      expiryYear: cardExpiryYearField(),
      securityCode: securityCodeField("cardNumber"),
    });
  const validCard = {
    cardNumber: "4111 1111 1111 1111",
    expiryMonth: "12",
    expiryYear: "28",
    securityCode: "123",
  };

  it("number is 14–19 digits and spaces within the brand's length and passes the Luhn check", () => {
    const format = "カード番号の形式が正しくありません。";
    checkRows(
      cardForm(),
      "cardNumber",
      [
        ["4111 1111 1111 1111", []],
        ["4111111111111111", []],
        ["3782 822463 10005", []],
        ["3056 930902 5904", []],
        ["30569309025904", []],
        ["4111 1111 1111 1112", ["無効なクレジットカード番号です。"]],
        ["4111-1111-1111-1111", [format]],
        ["4111 1111 11", [format]],
        ["4111 1111 1111 1111 1111", [format]],
        ["3782 8224 6310 005", [format]],
        ["3056 9309 0259 04", [format]],
        [undefined, ["カード番号を入力してください。"]],
      ],
      validCard,
    );
  });

  it("expiry is not before the current month in Japan", () => {
    const form = cardForm();
    const expired = "有効期限が切れています。";
    const monthOf = (expiryMonth: string, expiryYear: string) =>
      messagesFor(form, { ...validCard, expiryMonth, expiryYear }, "expiryMonth");
    expect(monthOf("04", "26")).toEqual([]);
    expect(monthOf("01", "27")).toEqual([]);
    expect(monthOf("03", "26")).toEqual([expired]);
    expect(monthOf("12", "25")).toEqual([expired]);
    expect(monthOf("13", "26")).toEqual(["有効期限（月）を選択してください。"]);
    // 2026-04-30 15:30 UTC is already May in Japan.
    vi.setSystemTime(new Date("2026-04-30T15:30:00Z"));
    expect(monthOf("04", "26")).toEqual([expired]);
    expect(messagesFor(form, { ...validCard, expiryYear: undefined }, "expiryYear")).toEqual([
      "有効期限（年）を選択してください。",
    ]);
  });

  it("security code is 3 digits, 4 only for American Express", () => {
    const format = "セキュリティコードの形式が正しくありません。";
    const amex = "3782 822463 10005";
    const codeOf = (cardNumber: string, securityCode: string | undefined) =>
      messagesFor(cardForm(), { ...validCard, cardNumber, securityCode }, "securityCode");
    expect(codeOf(validCard.cardNumber, "123")).toEqual([]);
    expect(codeOf(validCard.cardNumber, "1234")).toEqual([format]);
    expect(codeOf(amex, "1234")).toEqual([]);
    expect(codeOf(amex, "123")).toEqual([format]);
    expect(codeOf(validCard.cardNumber, "12a")).toEqual([format]);
    expect(codeOf(validCard.cardNumber, undefined)).toEqual(["セキュリティコードを入力してください。"]);
  });

  it("a last-four entry is 4 digits", () => {
    checkRows(formOf({ lastFour: cardLastFourField() }), "lastFour", [
      ["1111", []],
      ["111", ["カード番号の下4桁を半角数字で入力してください。"]],
      [undefined, ["カード番号の下4桁を半角数字で入力してください。"]],
    ]);
  });
});

describe("campaign code (spec §5 Campaign code)", () => {
  it("is half-width letters and digits, trimmed, and required where asked for", () => {
    checkRows(formOf({ campaignCode: campaignCodeField() }), "campaignCode", [
      ["SPRING2026", []],
      ["  SPRING2026  ", []],
      ["SPRING-2026", ["キャンペーンコードは半角英数字で入力してください。"]],
      ["ＳＰＲＩＮＧ", ["キャンペーンコードは半角英数字で入力してください。"]],
      [undefined, ["キャンペーンコードを入力してください"]],
    ]);
  });
});

describe("consent, invoice, survey and withdrawal", () => {
  it("a policy must be agreed to, whether read in a scroll box or external", () => {
    const form = formOf({
      policy_terms: policyConsentField({ title: "利用規約", renderData: "<p>…</p>", isExternal: false }),
      policy_privacy: policyConsentField({
        title: "プライバシー",
        renderData: "",
        isExternal: true,
        url: "https://example.jp/p",
      }),
    });
    expect(errorsOf(form, { policy_terms: false })).toEqual([
      { field: "policy_terms", message: "同意が必須です。" },
      { field: "policy_privacy", message: "同意が必須です。" },
    ]);
    expect(errorsOf(form, { policy_terms: true, policy_privacy: true })).toEqual([]);
  });

  it("the invoice addressee is at most 100 characters", () => {
    checkRows(formOf({ addressee: invoiceAddresseeField() }), "addressee", [
      ["株式会社ソラミル", []],
      ["あ".repeat(100), []],
      ["あ".repeat(101), ["宛名は100文字以内で入力してください"]],
      [undefined, ["宛名を入力してください"]],
    ]);
  });

  it("a survey text answer is at most 300 characters, needs a character when required and may need a pattern", () => {
    const form = formOf({ question_age: surveyTextField({ title: "年齢" }, "^[0-9]+$", false) });
    checkRows(form, "question_age", [
      ["20", []],
      ["二十", ["回答の形式が正しくありません。"]],
      ["   ", ["回答を入力してください。"]],
      [undefined, ["回答を入力してください。"]],
    ]);
    const free = formOf({ question_free: surveyTextField({ title: "ご意見" }, undefined, true) });
    checkRows(free, "question_free", [
      ["あ".repeat(300), []],
      ["あ".repeat(301), ["300文字以内で入力してください。"]],
    ]);
  });

  it("a survey pattern that is not a regular expression is reported when the form is built", () => {
    expect(() => surveyTextField({ title: "年齢" }, "([0-9]", false)).toThrow(/年齢/);
  });

  it("survey choices and checkbox counts", () => {
    const options = ["a", "b", "c"].map((value) => ({ value, label: value.toUpperCase() }));
    const form = formOf(
      {
        question_one: surveyChoiceField({ title: "1つ" }, options, "radio"),
        question_many: surveyCheckboxesField({ title: "複数" }, options, {
          required: true,
          minCount: 2,
          maxCount: 2,
        }),
        question_any: surveyCheckboxesField({ title: "任意" }, options, { required: false }),
      },
      ["question_any"],
    );
    expect(errorsOf(form, { question_many: ["a"] })).toEqual([
      { field: "question_one", message: "回答を選択してください。" },
      { field: "question_many", message: "2個以上選択してください。" },
    ]);
    expect(messagesFor(form, { question_one: "a", question_many: ["a", "b", "c"] }, "question_many")).toEqual(
      ["2個以内で選択してください。"],
    );
    expect(messagesFor(form, { question_one: "d", question_many: ["a", "b"] }, "question_one")).toEqual([
      "選択肢の中から選択してください。",
    ]);
    expect(errorsOf(form, { question_one: "a", question_many: ["a", "b"], question_any: [] })).toEqual([]);
  });

  it("a required checkbox question needs at least one choice", () => {
    const options = [{ value: "a", label: "A" }];
    const form = formOf({ question_q: surveyCheckboxesField({ title: "Q" }, options, { required: true }) });
    expect(messagesFor(form, { question_q: [] }, "question_q")).toEqual(["1個以上選択してください。"]);
  });

  it("withdrawal needs the consent", () => {
    checkRows(formOf({ consent: withdrawalConsentField() }), "consent", [
      [true, []],
      [false, ["同意は必須です"]],
      [undefined, ["同意は必須です"]],
    ]);
  });
});

describe("generic messages", () => {
  it("a value of the wrong type or an unknown field gets a generic message", () => {
    const form = formOf({ nickname: textField("field.nickname", 30) }, ["nickname"]);
    expect(errorsOf(form, { nickname: 12, extra: "x" })).toEqual([
      { field: "nickname", message: "入力形式が正しくありません。" },
      { field: "extra", message: "この項目は入力できません。" },
    ]);
    expect(errorsOf(form, { nickname: 12, extra: "x" }, "en")).toEqual([
      { field: "nickname", message: "This value has the wrong format." },
      { field: "extra", message: "This field cannot be sent." },
    ]);
  });

  it("a body that is not an object is a form-level error", () => {
    const form = formOf({ nickname: textField("field.nickname", 30) }, ["nickname"]);
    expect(errorsOf(form, ["x"])).toEqual([{ field: "root", message: "入力形式が正しくありません。" }]);
  });
});
