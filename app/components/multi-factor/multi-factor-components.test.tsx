// @vitest-environment jsdom

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MultiFactorLoginScreenData } from "../../../schemas/types/multi-factor-login-screen-data.gen.ts";
import { renderElement } from "../../../tests/render.tsx";
import { BackupCodeGenerate } from "./backup-codes.tsx";
import { MultiFactorEmail } from "./multi-factor-email.tsx";
import { MultiFactorLoginGuide } from "./multi-factor-login-guide.tsx";
import { MultiFactorOtherTypes } from "./multi-factor-other-types.tsx";
import { MultiFactorSms } from "./multi-factor-sms.tsx";

describe("the e-mail method's page", () => {
  it("keeps the button disabled until the address is verified, and says how to verify it", async () => {
    await renderElement(
      <MultiFactorEmail
        screenData={{ contactEmail: "hanako@example.jp", isEmailVerified: false, isEnabled: false }}
      />,
    );
    expect(screen.getByRole("button", { name: "設定する" })).toBeDisabled();
    expect(screen.getByText("メールアドレスの確認が完了していないため、設定できません。")).toBeTruthy();
    expect(screen.getByRole("link", { name: "メールアドレスを確認する" }).getAttribute("href")).toBe(
      "/mypage/email/verify",
    );
  });

  it("enables the button for a verified address", async () => {
    await renderElement(
      <MultiFactorEmail
        screenData={{ contactEmail: "hanako@example.jp", isEmailVerified: true, isEnabled: false }}
      />,
    );
    expect(screen.getByRole("button", { name: "設定する" })).toBeEnabled();
    expect(screen.getByText("ログインのとき、hanako@example.jpに認証コードをお送りします。")).toBeTruthy();
  });
});

describe("the SMS method's page", () => {
  const page = (data: Record<string, unknown>) =>
    renderElement(
      <MultiFactorSms
        screenData={{
          phoneNumber: null,
          canAddPhoneNumber: true,
          isEnabled: false,
          enabledPhoneNumber: null,
          ...data,
        }}
      />,
    );

  it("sends a code to the account's number", async () => {
    await page({ phoneNumber: "*******5678" });
    expect(screen.getByRole("button", { name: "認証コードを送信する" })).toBeEnabled();
    expect(
      screen.getByText(/ログインのとき、\*\*\*\*\*\*\*5678にSMSで認証コードをお送りします。/),
    ).toBeTruthy();
  });

  it("without a number keeps the button disabled and links the profile where the store takes numbers", async () => {
    await page({});
    expect(screen.getByRole("button", { name: "認証コードを送信する" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "電話番号を登録する" }).getAttribute("href")).toBe(
      "/mypage/edit",
    );
  });

  it("says SMS is unavailable where the store takes no numbers", async () => {
    await page({ canAddPhoneNumber: false });
    expect(screen.getByRole("button", { name: "認証コードを送信する" })).toBeDisabled();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText(/電話番号を登録できないため/)).toBeTruthy();
  });

  it("names the proved number once on", async () => {
    await page({ phoneNumber: "*******5432", isEnabled: true, enabledPhoneNumber: "*******5678" });
    expect(screen.getByText("SMSによる2段階認証はオンです（*******5678）。")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the second step of a login", () => {
  /** A login's second-factor page: a member with the e-mail, the app and backup codes. */
  const secondStep = (page: Partial<MultiFactorLoginScreenData>): MultiFactorLoginScreenData => ({
    type: "OTP",
    sendTo: null,
    defaultMultiFactorType: "Email",
    multiFactorType: ["Email", "OTP", "BackupCode"],
    resendAvailableAt: null,
    ...page,
  });

  it("says which code is expected, and offers the e-mail resend only for e-mail", async () => {
    await renderElement(
      <MultiFactorLoginGuide screenData={secondStep({ type: "Email", sendTo: "ha***@example.jp" })} />,
    );
    expect(screen.getByText("ha***@example.jpにお送りした認証コードを入力してください。")).toBeTruthy();
    expect(screen.getByRole("button", { name: /認証コードを再送信する|再送信まで/ })).toBeTruthy();
  });

  it("says where the SMS code went and offers its own resend", async () => {
    await renderElement(
      <MultiFactorLoginGuide screenData={secondStep({ type: "SMS", sendTo: "*******5678" })} />,
      {
        language: "en",
      },
    );
    expect(screen.getByText("Enter the code we texted to *******5678.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Send the code again|Send again in/ })).toBeTruthy();
  });

  it("shows no resend for the app", async () => {
    await renderElement(<MultiFactorLoginGuide screenData={secondStep({ type: "OTP", sendTo: null })} />, {
      language: "en",
    });
    expect(
      screen.getByText("Enter the 6-digit one-time password your authenticator app shows."),
    ).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("links every other type the member has, and not the one shown", async () => {
    await renderElement(<MultiFactorOtherTypes screenData={secondStep({ type: "OTP" })} />);
    const links = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(links).toEqual(["/login/multi-factor/email", "/login/multi-factor/backup-code"]);
  });
});

describe("the backup-code generation page", () => {
  it("shows the codes, a text file of them, and asks for the saved confirmation before registering", async () => {
    const codes = ["k7m2p9qa", "x3n8r4tw"];
    await renderElement(<BackupCodeGenerate screenData={{ backupCodeList: codes, isRegistration: false }} />);
    expect(screen.getByText("k7m2p9qa")).toBeTruthy();
    expect(screen.getByText("登録すると、以前のバックアップコードは使えなくなります。")).toBeTruthy();
    const file = screen.getByRole("link", { name: "テキストファイルで保存する" }).getAttribute("href") ?? "";
    expect(decodeURIComponent(file)).toContain("k7m2p9qa\nx3n8r4tw");
    expect(screen.getByRole("checkbox", { name: "バックアップコードを保存しました" })).toBeRequired();
  });
});
