// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { screenById } from "../../screens/index.ts";
import { demoStore, makeRootData, renderRoutes } from "../../tests/render.tsx";
import { buildFormsOfScreen } from "../lib/screen-form-build.server.ts";
import { type ScreenLoaderData, screenBodies } from "../lib/screen-loader.server.ts";
import Login from "./login.tsx";

interface LoginPage {
  url?: string;
  /** The action's answer to a post (the real one calls the API). */
  action?: () => unknown;
  screenData?: Record<string, unknown>;
  login?: Partial<StoreSettings["login"]>;
  isApp?: boolean;
}

/** What the login loader answers: the screen, its data and its forms built under the store. */
function loaderData(screenId: string, given: Record<string, unknown>, settings: StoreSettings) {
  // The login pages always name the social providers they offer.
  const screenData = { userIdentifierList: [], ...given };
  const screen = screenById(screenId);
  if (!screen) throw new Error(`no screen ${screenId}`);
  const forms = buildFormsOfScreen(screen, { settings, settingsVersion: "test", screenData });
  const loaded: ScreenLoaderData = {
    screen,
    params: {},
    screenData,
    bodies: screenBodies(screen, screenData),
    accountNav: {},
  };
  return { ...loaded, forms, validatorUrls: {} };
}

/** /login and /login/code with the demo store, as the route config mounts them. */
function renderLogin({ url = "/login", screenData = {}, login = {}, isApp = false, action }: LoginPage = {}) {
  const storeSettingData: StoreSettings = { ...demoStore, login: { ...demoStore.login, ...login } };
  const root = makeRootData({
    storeSettingData,
    browserInfo: { isApp, isAndroid: false, isMobile: isApp },
  });
  return renderRoutes(
    [
      { path: "login", loader: () => loaderData("login", screenData, storeSettingData), Component: Login },
      {
        path: "login/code",
        loader: () => loaderData("login-code", screenData, storeSettingData),
        action,
        Component: Login,
      },
    ],
    { url, root },
  );
}

const identifier = () => screen.getByRole("textbox", { name: /^メールアドレス/ });

describe("/login in password mode", () => {
  it("asks for the e-mail or user ID and the password, titled ログイン", async () => {
    await renderLogin();
    expect(await screen.findByRole("heading", { level: 1, name: "ログイン" })).toBeInTheDocument();
    expect(identifier()).toHaveAccessibleName("メールアドレスまたはユーザID");
    expect(screen.getByLabelText("パスワード")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "ログイン" })).toHaveAttribute("type", "submit");
    await waitFor(() => expect(document.title).toBe("ログイン | ソラミル"));
  });

  it("labels the identifier as the e-mail when the store has no user IDs", async () => {
    await renderLogin({ screenData: { isEnabledUserId: false } });
    expect(await screen.findByRole("textbox", { name: "メールアドレス" })).toHaveAttribute("type", "email");
  });

  it("puts the forgot-password link with the password", async () => {
    const { container } = await renderLogin();
    const link = await screen.findByRole("link", { name: "パスワードをお忘れの方" });
    expect(link).toHaveAttribute("href", "/password/forgot");
    expect(container.querySelector('[data-field="password"]')).toContainElement(link);
  });
});

describe("/login mode switch", () => {
  it("switches to code mode and back, keeping returnTo", async () => {
    const { user } = await renderLogin({ url: "/login?returnTo=%2Fmypage%2Fedit" });
    const toCode = await screen.findByRole("link", { name: "メールで届く認証コードでログイン" });
    expect(toCode).toHaveAttribute("href", "/login?returnTo=%2Fmypage%2Fedit&loginType=authCode");

    await user.click(toCode);
    expect(await screen.findByRole("button", { name: "認証コードを送信する" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "メールアドレス" })).toBeInTheDocument();
    expect(screen.queryByLabelText("パスワード")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "パスワードをお忘れの方" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "パスワードでログイン" })).toHaveAttribute(
      "href",
      "/login?returnTo=%2Fmypage%2Fedit",
    );
  });

  it("opens in code mode with loginType=authCode", async () => {
    await renderLogin({ url: "/login?loginType=authCode" });
    expect(await screen.findByRole("button", { name: "認証コードを送信する" })).toBeInTheDocument();
  });

  it("offers no code mode when the store does not", async () => {
    await renderLogin({ url: "/login?loginType=authCode", login: { isEnabledAuthCode: false } });
    expect(await screen.findByLabelText("パスワード")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "メールで届く認証コードでログイン" })).not.toBeInTheDocument();
  });
});

describe("/login sign-up", () => {
  it("links to sign-up", async () => {
    await renderLogin();
    const signUp = await screen.findByRole("region", { name: "アカウントをお持ちでない方" });
    expect(within(signUp).getByRole("link", { name: "新規会員登録はこちら" })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  it("shows the store's sign-up blurb instead of the link", async () => {
    const blurb = "新規登録はソラミルアプリから受け付けています。";
    await renderLogin({ login: { signUpBlurb: blurb } });
    const signUp = await screen.findByRole("region", { name: "アカウントをお持ちでない方" });
    expect(signUp).toHaveTextContent(blurb);
    expect(within(signUp).queryByRole("link")).not.toBeInTheDocument();
  });
});

describe("/login social login and reCAPTCHA", () => {
  const offered = {
    userIdentifierList: [
      { userIdentifierType: "Google", userIdentifierName: "Google" },
      { userIdentifierType: "Line", userIdentifierName: "LINE" },
    ],
  };

  it("shows the offered providers in their order, each a link to /auth/authorize keeping returnTo", async () => {
    await renderLogin({ url: "/login?returnTo=%2Fmypage%2Fedit", screenData: offered });
    const social = await screen.findByRole("region", { name: "他のサービスのアカウントで続ける" });
    const links = within(social).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Googleでログイン", "LINEでログイン"]);
    expect(links[0]).toHaveAttribute(
      "href",
      "/auth/authorize?userIdentifierType=Google&socialActionType=login&returnTo=%2Fmypage%2Fedit",
    );
    expect(links[1]).toHaveAttribute("data-provider", "Line");
  });

  it("shows no social area when the API offers no provider (as to the native app)", async () => {
    await renderLogin({ screenData: { userIdentifierList: [] } });
    await screen.findByRole("heading", { level: 1, name: "ログイン" });
    expect(
      screen.queryByRole("region", { name: "他のサービスのアカウントで続ける" }),
    ).not.toBeInTheDocument();
  });

  it("shows the reCAPTCHA notice with Google's policy links only when the store enables reCAPTCHA", async () => {
    const { unmount } = await renderLogin();
    await screen.findByRole("heading", { level: 1, name: "ログイン" });
    expect(screen.queryByText(/reCAPTCHA/)).not.toBeInTheDocument();
    unmount();

    await renderLogin({ login: { recaptcha: { enabled: true, siteKey: "test-site-key" } } });
    const notice = await screen.findByText(/このサイトはreCAPTCHAによって保護されており/);
    expect(within(notice).getByRole("link", { name: "プライバシーポリシー" })).toHaveAttribute(
      "href",
      "https://policies.google.com/privacy",
    );
    expect(within(notice).getByRole("link", { name: "利用規約" })).toHaveAttribute(
      "href",
      "https://policies.google.com/terms",
    );
  });
});

describe("/login/code", () => {
  it("asks for the mailed code sent to the address of the code request", async () => {
    await renderLogin({ url: "/login/code", screenData: { email: "taro@example.jp" } });
    expect(
      await screen.findByRole("heading", { level: 1, name: "認証コードでログイン" }),
    ).toBeInTheDocument();
    expect(screen.getByText("taro@example.jp に認証コードを送信しました。")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "ログイン用認証コード 1桁目" })).toHaveAttribute(
      "inputmode",
      "numeric",
    );
    expect(screen.getByRole("button", { name: "ログイン" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "再送信まで30秒" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: "パスワードでログイン" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "アカウントをお持ちでない方" })).not.toBeInTheDocument();
  });
});

describe("/login/code for a new-browser verification (issue 39 §3)", () => {
  it("says why a code was mailed, to the masked address", async () => {
    await renderLogin({
      url: "/login/code",
      screenData: { email: "ta***@example.jp", isNewBrowserVerification: true },
    });
    expect(
      await screen.findByText(
        "現在、ログインの失敗が多く発生しているため、ご本人確認として ta***@example.jp に認証コードを送信しました。メールに記載の認証コードを入力してください。",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "ログイン用認証コード 1桁目" })).toBeInTheDocument();
  });
});

describe("/login/code after a wrong code", () => {
  it("shows the error on the code and holds the button until the code changes (spec §4 Login)", async () => {
    const failure = {
      formId: "login.codeEntry",
      errors: [{ field: "authCode", message: "認証に失敗しました。認証コードをご確認ください。" }],
      summary: "",
      values: { authCode: "123456" },
    };
    const { user } = await renderLogin({ url: "/login/code", action: () => data(failure, { status: 400 }) });
    const code = await screen.findByRole("textbox", { name: "ログイン用認証コード 1桁目" });
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "ログイン" }));
    expect(await screen.findByText("※認証に失敗しました。認証コードをご確認ください。")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ログイン" })).toBeDisabled();
    // The last box: cleared by Backspace and typed again.
    await user.click(screen.getByRole("textbox", { name: "ログイン用認証コード 6桁目" }));
    await user.keyboard("{Backspace}0");
    expect(screen.getByRole("button", { name: "ログイン" })).toBeEnabled();
  });
});
