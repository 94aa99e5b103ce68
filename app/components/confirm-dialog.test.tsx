// @vitest-environment jsdom
/**
 * The one confirm pattern for what cannot be undone: disconnecting an app, deleting a payment
 * method, unlinking a sign-in provider each ask in the same dialog, reached by a link (so it works
 * without script), posting to the page without the question; the disconnect says it is done.
 */
import { screen as view, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccountPaymentMethod } from "../../schemas/types/payment-method.gen.ts";
import { renderElement } from "../../tests/render.tsx";
import { type AccountGrant, ConnectedApp, ConnectedApps } from "./connections/connected-apps.tsx";
import { MultiFactorSettings } from "./multi-factor/multi-factor-settings.tsx";
import { SavedPaymentMethods } from "./payment/saved-payment-methods.tsx";
import { ExternalAccounts } from "./social/external-accounts.tsx";

const grant: AccountGrant = {
  client: {
    client_name: "Partner",
    client_name_ja: "パートナー",
    logo_uri: null,
    description: null,
    provider_name: null,
  },
  issuedAt: "2026-11-01T03:00:00.000Z",
  clientId: "partner",
  grantId: "grant-1",
  authorizedScopes: [],
  oidcProviderName: "ソラミル",
};

const card = (id: string, last4: string, isContractUsed = false): AccountPaymentMethod => ({
  accountPaymentMethodId: id,
  paymentMethodType: "SbpsCredit",
  isContractUsed,
  SbpsCreditInfo: { cardNumberSuffix: last4, expireDate: "203012", cardbrandCode: "V" },
});

/** The open dialog's form: where it posts and what it carries. */
function posted(dialog: HTMLElement) {
  const form = dialog.querySelector("form");
  if (!form) throw new Error("no form");
  const fields = Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => [
      input.name,
      input.value,
    ]),
  );
  return { action: new URL(form.action).pathname + new URL(form.action).search, fields };
}

describe("the confirm dialog", () => {
  it("asks before an app is disconnected, and the list says it is done", async () => {
    await renderElement(<ConnectedApp screenData={{ accountGrant: grant }} />);
    expect(view.queryByRole("dialog")).toBeNull();
    expect(view.getByRole("link", { name: "連動を解除する" })).toHaveAttribute("href", "/?confirm=revoke");

    await renderElement(<ConnectedApp screenData={{ accountGrant: grant }} />, { url: "/?confirm=revoke" });
    const dialog = view.getByRole("dialog", { name: "パートナーとの連動を解除しますか？" });
    expect(posted(dialog)).toEqual({ action: "/", fields: { grantId: "grant-1" } });
    expect(within(dialog).getByRole("link", { name: "閉じる" })).toHaveAttribute("href", "/");
    expect(within(dialog).getByRole("button", { name: "解除する" })).toBeTruthy();

    document.body.innerHTML = "";
    await renderElement(<ConnectedApps screenData={{ oidcProviderName: "ソラミル", accountGrants: [] }} />, {
      url: "/?done=revoked",
    });
    expect(view.getByRole("status").textContent).toBe("連動を解除しました");
  });

  it("asks before a payment method is deleted, keeping the plan's form to go back to", async () => {
    const methods = [card("m-1", "4242"), card("m-2", "1111", true)];
    await renderElement(
      <SavedPaymentMethods
        screenData={{ paymentMethods: methods, paymentMethodTypes: [], paymentProvider: null }}
      />,
      {
        url: "/?returnTo=%2Fplans%2Fstandard-monthly",
      },
    );
    expect(view.getByRole("link", { name: "Visa 末尾 4242を削除" })).toHaveAttribute(
      "href",
      "/?returnTo=%2Fplans%2Fstandard-monthly&confirm=delete&about=m-1",
    );
    // The method a contract uses has no delete, and says how it is freed.
    expect(view.queryByRole("link", { name: "Visa 末尾 1111を削除" })).toBeNull();
    expect(view.getByText(/先にプランのお支払い方法を変更してください/)).toBeTruthy();
    expect(view.getByRole("link", { name: "お支払い方法を変更する" })).toHaveAttribute(
      "href",
      "/mypage/plans",
    );

    document.body.innerHTML = "";
    await renderElement(
      <SavedPaymentMethods
        screenData={{ paymentMethods: methods, paymentMethodTypes: [], paymentProvider: null }}
      />,
      {
        url: "/?returnTo=%2Fplans%2Fstandard-monthly&confirm=delete&about=m-1",
      },
    );
    const dialog = view.getByRole("dialog", { name: "Visa 末尾 4242を削除しますか？" });
    expect(posted(dialog)).toEqual({
      action: "/?returnTo=%2Fplans%2Fstandard-monthly",
      fields: { intent: "delete", accountPaymentMethodId: "m-1" },
    });
    expect(within(dialog).getByRole("link", { name: "キャンセル" })).toHaveAttribute(
      "href",
      "/?returnTo=%2Fplans%2Fstandard-monthly",
    );
  });

  it("asks about nothing it cannot do: a method in use, or one that is not the member's", async () => {
    const methods = [card("m-1", "4242"), card("m-2", "1111", true)];
    for (const about of ["m-2", "m-9"]) {
      await renderElement(
        <SavedPaymentMethods
          screenData={{ paymentMethods: methods, paymentMethodTypes: [], paymentProvider: null }}
        />,
        {
          url: `/?confirm=delete&about=${about}`,
        },
      );
      expect(view.queryByRole("dialog")).toBeNull();
      document.body.innerHTML = "";
    }
  });

  it("asks before a sign-in provider is unlinked, only while unlinking is allowed", async () => {
    const accounts = [
      {
        userIdentifierType: "Line",
        userIdentifierName: "LINE",
        userIdentifierMethod: "ExternalAuth",
        isLinked: true,
        isLogin: true,
      },
      {
        userIdentifierType: "Google",
        userIdentifierName: "Google",
        userIdentifierMethod: "ExternalAuth",
        isLinked: true,
        isLogin: false,
      },
    ];
    const url = "/?confirm=unlinkExternalAccount&about=Google";
    await renderElement(<ExternalAccounts accounts={accounts} isUnlinkAllowed />, { url });
    const dialog = view.getByRole("dialog", { name: "Googleとの連携を解除しますか？" });
    expect(posted(dialog)).toEqual({
      action: "/",
      fields: { intent: "unlinkExternalAccount", userIdentifierType: "Google" },
    });
    expect(within(dialog).getByText(/Googleのアカウントではログインできなくなります/)).toBeTruthy();

    document.body.innerHTML = "";
    await renderElement(<ExternalAccounts accounts={accounts} isUnlinkAllowed={false} />, { url });
    expect(view.queryByRole("dialog")).toBeNull();
  });

  it("asks before a second factor is turned off, warning when it is the last", async () => {
    const page = {
      methods: [
        { type: "Email" as const, isEnabled: true },
        { type: "OTP" as const, isEnabled: false },
      ],
      multiFactorType: ["Email" as const],
      defaultMultiFactorType: "Email" as const,
      isEmailVerified: true,
      backupCodeCount: 10,
    };
    await renderElement(<MultiFactorSettings screenData={page} />);
    expect(view.getByRole("link", { name: "メール: オフにする" })).toHaveAttribute(
      "href",
      "/?confirm=disable&about=Email",
    );
    document.body.innerHTML = "";
    await renderElement(<MultiFactorSettings screenData={page} />, {
      url: "/?confirm=disable&about=Email",
    });
    const dialog = view.getByRole("dialog", { name: "メールによる2段階認証をオフにしますか？" });
    expect(posted(dialog)).toEqual({ action: "/", fields: { intent: "disable", multiFactorType: "Email" } });
    expect(dialog.textContent).toContain("バックアップコードも削除されます。");
    document.body.innerHTML = "";
    // A method that is off is not asked about.
    await renderElement(<MultiFactorSettings screenData={page} />, {
      url: "/?confirm=disable&about=OTP",
    });
    expect(view.queryByRole("dialog")).toBeNull();
  });
});
