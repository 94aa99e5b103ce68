// @vitest-environment jsdom

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { HeldContract } from "../../schemas/types/held-contract.gen.ts";
import { storeMatrix } from "../../scripts/gallery/fixtures.ts";
import { isRoutedPath } from "../../scripts/routed-screens.ts";
import { demoStore, makeRootData, renderElement } from "../../tests/render.tsx";
import type { ExternalAccount } from "../components/social/external-accounts.tsx";
import type { Route } from "./+types/mypage";
import Mypage, { type MypageAccount } from "./mypage.tsx";

const member: MypageAccount = {
  contactEmail: "hanako@example.jp",
  email: "hanako@example.jp",
  isEmailVerified: true,
  userId: "hanako",
  isEnabledPassword: true,
  passwordUpdatedAt: "2026-03-04T05:06:07Z",
  isEnabledMultiFactor: true,
  multiFactorType: ["OTP"],
};
/** Signed up through a social provider: no e-mail identifier, no password, e-mail not verified. */
const socialMember: MypageAccount = {
  ...member,
  email: null,
  isEmailVerified: false,
  userId: null,
  isEnabledPassword: false,
  passwordUpdatedAt: null,
};

async function renderMypage(
  account: MypageAccount,
  settings = demoStore,
  isApp = false,
  consentStates: Record<string, { on: number; total: number }> = {},
  contracts: HeldContract[] = [],
  external: { externalAccounts?: ExternalAccount[]; isUnlinkAllowed?: boolean } = {},
) {
  const props = {
    loaderData: { account, consentStates, contracts, ...external, now: "2026-11-26T03:00:00.000Z" },
  } as unknown as Route.ComponentProps;
  return renderElement(<Mypage {...props} />, {
    root: makeRootData({
      authId: "acc_1",
      storeSettingData: settings,
      browserInfo: { isApp, isAndroid: false, isMobile: isApp },
    }),
  });
}

const main = () => screen.getByRole("article");

describe("/mypage", () => {
  const stores = [
    ...storeMatrix(),
    {
      name: "external e-mail edit",
      settings: {
        ...demoStore,
        features: { ...demoStore.features, emailEditUrl: "https://id.example.com/email" },
      },
    },
  ];
  const cases = stores.flatMap(({ name, settings }) =>
    [member, socialMember].flatMap((account) =>
      [false, true].map(
        (isApp) => [name, account === member ? "member" : "social", isApp, settings, account] as const,
      ),
    ),
  );

  it.each(cases)(
    "%s, %s member, in the app: %s — every link leads to a routed page or the store's external page",
    async (_name, _kind, isApp, settings, account) => {
      await renderMypage(account, settings, isApp);
      const links = within(main()).queryAllByRole("link");
      for (const link of links) {
        const href = link.getAttribute("href") ?? "";
        if (link.getAttribute("target") === "_blank") {
          expect(href).toBe(settings.features.emailEditUrl);
        } else {
          expect(isRoutedPath(new URL(href, "http://site.test").pathname), href).toBe(true);
        }
      }
    },
  );

  it("shows the contracted plans with a link to the plans, except in the app (spec §2)", async () => {
    const rental: HeldContract = {
      contractId: "c1",
      planId: "movie-rental-48h",
      planName: "作品レンタル（48時間）",
      planType: "rental",
      subscriptionStatus: null,
      statusGroup: null,
      nextSettlementDay: null,
      trialEndDay: null,
      entitlementExpiration: "2026-11-28T03:00:00.000Z",
      methodNeededBy: null,
    };
    await renderMypage(member, demoStore, false, {}, [rental]);
    const plans = screen.getByRole("region", { name: "ご契約中のプラン" });
    expect(within(plans).getByText("作品レンタル（48時間）")).toBeInTheDocument();
    expect(within(plans).getByText("2026年11月28日 12:00")).toBeInTheDocument();
    expect(within(plans).getByRole("link", { name: "ご契約内容の確認・変更" })).toHaveAttribute(
      "href",
      "/mypage/plans",
    );
    document.body.innerHTML = "";
    await renderMypage(member, demoStore, true, {}, [rental]);
    expect(screen.queryByRole("region", { name: "ご契約中のプラン" })).toBeNull();
  });

  it("says a subscription with no method to charge will end unless one is set by its renewal, with the way to set it", async () => {
    const gifted: HeldContract = {
      contractId: "c2",
      planId: "standard-monthly",
      planName: "スタンダードプラン（月額）",
      planType: "subscription",
      subscriptionStatus: "ONGOING_CONTRACT",
      statusGroup: "underContract",
      nextSettlementDay: "2026-12-27",
      trialEndDay: null,
      entitlementExpiration: null,
      methodNeededBy: "2026-12-27",
    };
    await renderMypage(member, demoStore, false, {}, [
      gifted,
      { ...gifted, contractId: "c3", methodNeededBy: null },
    ]);
    const plans = screen.getByRole("region", { name: "ご契約中のプラン" });
    expect(
      within(plans).getAllByText(
        "お支払い方法が登録されていません。2026年12月27日の更新までに登録しないと、ご契約は終了します。",
        { exact: false },
      ),
    ).toHaveLength(1);
    expect(within(plans).getByRole("link", { name: "お支払い方法を設定する" })).toHaveAttribute(
      "href",
      "/mypage/subscription/c2/payment-method",
    );
  });

  it("shows the member's e-mail, user ID and password date as values, in Japanese", async () => {
    await renderMypage(member, { ...demoStore, features: { ...demoStore.features, isEnabledUserId: true } });
    expect(screen.getByRole("heading", { level: 1, name: "マイページ" })).toBeInTheDocument();
    expect(within(main()).getByText("hanako@example.jp")).toBeInTheDocument();
    expect(within(main()).getByText("hanako")).toBeInTheDocument();
    expect(within(main()).getByText(/^最終更新 /)).toBeInTheDocument();
    expect(within(main()).queryByRole("alert")).toBeNull();
  });

  it("warns when the e-mail is unverified, and shows 未設定 for a missing user ID", async () => {
    await renderMypage(socialMember, {
      ...demoStore,
      features: { ...demoStore.features, isEnabledUserId: true },
    });
    expect(screen.getByRole("status")).toHaveTextContent("メールアドレスの確認が完了していません。");
    expect(within(screen.getByRole("status")).getByRole("link")).toHaveAttribute(
      "href",
      "/mypage/email/verify",
    );
    expect(within(main()).getByText("未設定")).toBeInTheDocument();
    expect(within(main()).queryByText("パスワード")).toBeNull();
  });

  it("links the e-mail row to the e-mail change and the registration row to its edit page", async () => {
    await renderMypage(member);
    expect(within(main()).getByRole("link", { name: /メールアドレス/ })).toHaveAttribute(
      "href",
      "/mypage/email/edit",
    );
    expect(within(main()).getByRole("link", { name: "登録情報" })).toHaveAttribute("href", "/mypage/edit");
  });

  it("leads to the password change, or to setting a first password, and to the user ID change", async () => {
    const withUserIds = { ...demoStore, features: { ...demoStore.features, isEnabledUserId: true } };
    await renderMypage(member, withUserIds);
    expect(within(main()).getByRole("link", { name: /パスワード/ })).toHaveAttribute(
      "href",
      "/mypage/password/edit",
    );
    expect(within(main()).getByRole("link", { name: /ユーザID/ })).toHaveAttribute(
      "href",
      "/mypage/user-id/edit",
    );
  });

  it("sends an account without a password to set one, and shows its user ID without a link", async () => {
    const codeOnly = { ...member, isEnabledPassword: true, passwordUpdatedAt: null };
    await renderMypage(codeOnly, {
      ...demoStore,
      features: { ...demoStore.features, isEnabledUserId: true },
    });
    expect(within(main()).getByRole("link", { name: /パスワード/ })).toHaveAttribute(
      "href",
      "/mypage/enable-password",
    );
    expect(within(main()).queryByRole("link", { name: /ユーザID/ })).toBeNull();
  });

  it("offers withdrawal on the web, not in the app", async () => {
    await renderMypage(member);
    expect(within(main()).getByRole("link", { name: "退会" })).toHaveAttribute("href", "/withdraw");
  });

  it("has no withdrawal row in the app", async () => {
    await renderMypage(member, demoStore, true);
    expect(within(main()).queryByRole("link", { name: "退会" })).toBeNull();
  });

  describe("the external ID list (issue 48 §3)", () => {
    const account = (type: string, name: string, isLinked: boolean, isLogin = false): ExternalAccount => ({
      userIdentifierType: type,
      userIdentifierName: name,
      userIdentifierMethod: "ExternalAuth",
      isLinked,
      isLogin,
    });
    const externalAccounts = [
      account("Line", "LINE", true, true),
      account("Google", "Google", true),
      account("Facebook", "Facebook", false),
    ];
    const list = () => within(screen.getByRole("region", { name: "外部アカウント連携" }));

    it("shows each provider with its state: the one logged in with, an unlink button, a connect link", async () => {
      await renderMypage(member, demoStore, false, {}, [], { externalAccounts, isUnlinkAllowed: true });
      expect(list().getByText("LINE")).toBeInTheDocument();
      expect(list().getByText("ログイン中")).toBeInTheDocument();
      expect(list().getAllByText("連携済み")).toHaveLength(2);
      expect(list().getByRole("link", { name: "Googleとの連携を解除" })).toHaveAttribute(
        "href",
        "/?confirm=unlinkExternalAccount&about=Google",
      );
      expect(list().queryByRole("link", { name: "LINEとの連携を解除" })).toBeNull();
      expect(list().getByRole("link", { name: "Facebookと連携する" })).toHaveAttribute(
        "href",
        "/auth/authorize?userIdentifierType=Facebook&socialActionType=enableExternalAuth",
      );
    });

    it("offers no unlink while the member has no more linked than they must keep", async () => {
      await renderMypage(member, demoStore, false, {}, [], { externalAccounts, isUnlinkAllowed: false });
      expect(list().queryByRole("link", { name: /連携を解除/ })).toBeNull();
      expect(list().getByRole("link", { name: "Facebookと連携する" })).toBeInTheDocument();
    });

    it("is not shown in the app, nor without providers", async () => {
      await renderMypage(member, demoStore, true, {}, [], { externalAccounts, isUnlinkAllowed: true });
      expect(screen.queryByRole("region", { name: "外部アカウント連携" })).toBeNull();
      await renderMypage(member, demoStore, false, {}, [], { externalAccounts: [], isUnlinkAllowed: true });
      expect(screen.queryByRole("region", { name: "外部アカウント連携" })).toBeNull();
    });
  });

  it("links connected apps while the store offers them, never in the app (issue 47 §2)", async () => {
    await renderMypage(member);
    expect(within(main()).getByRole("link", { name: "連動アプリ" })).toHaveAttribute(
      "href",
      "/mypage/connections",
    );
    await renderMypage(member, demoStore, true);
    expect(within(screen.getAllByRole("article").at(-1) as HTMLElement).queryByText("連動アプリ")).toBeNull();
    await renderMypage(member, {
      ...demoStore,
      features: { ...demoStore.features, isEnabledConnectedApps: false },
    });
    expect(within(screen.getAllByRole("article").at(-1) as HTMLElement).queryByText("連動アプリ")).toBeNull();
  });

  it("links the payment methods only while the store takes payments (issue 42)", async () => {
    await renderMypage(member);
    expect(within(main()).getByRole("link", { name: "お支払い方法" })).toHaveAttribute(
      "href",
      "/mypage/payment-method",
    );
    await renderMypage(member, {
      ...demoStore,
      features: { ...demoStore.features, isStorePaymentAvailable: false },
    });
    expect(
      within(screen.getAllByRole("article").at(-1) as HTMLElement).queryByText("お支払い方法"),
    ).toBeNull();
  });

  it("links the e-mail row to the store's external edit page in a new tab", async () => {
    const emailEditUrl = "https://id.example.com/email";
    await renderMypage(member, { ...demoStore, features: { ...demoStore.features, emailEditUrl } });
    const link = within(main()).getByRole("link", { name: /メールアドレス/ });
    expect(link).toHaveAttribute("href", emailEditUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("hides the user ID row when the store does not use user IDs, and the password when passwords are off", async () => {
    await renderMypage(member, {
      ...demoStore,
      features: { ...demoStore.features, isEnabledUserId: false, isEnabledPassword: false },
    });
    expect(within(main()).queryByText("ユーザID")).toBeNull();
    expect(within(main()).queryByText("パスワード")).toBeNull();
  });

  it("says each state in one pair of words: two-step オン with its methods or オフ, and how many switches are on (issue 41 §16)", async () => {
    await renderMypage({ ...member, multiFactorType: ["OTP", "Email"] }, demoStore, false, {
      newsletter: { on: 1, total: 2 },
      privacy: { on: 0, total: 1 },
    });
    expect(within(main()).getByRole("link", { name: /2段階認証/ })).toHaveTextContent(
      "オン（認証アプリ・メール）",
    );
    expect(within(main()).getByRole("link", { name: /メールマガジン/ })).toHaveTextContent("2件中1件オン");
    expect(within(main()).getByRole("link", { name: /プライバシー管理/ })).toHaveTextContent("1件中0件オン");
  });
});
