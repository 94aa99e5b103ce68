// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderElement, renderRoutes } from "../../tests/render.tsx";
import { ErrorBoundary as RootErrorBoundary } from "../root.tsx";
import { ErrorPage, type ErrorPageProps } from "./error-page.tsx";

function renderErrorPage(props: ErrorPageProps, language: "ja" | "en" = "ja") {
  return renderElement(<ErrorPage {...props} />, { language });
}

function NoPage() {
  return null;
}

describe("ErrorPage", () => {
  it.each([
    [401, "ページの有効期限が切れました"],
    [403, "アクセスが禁止されています"],
    [404, "ページが見つかりません"],
    [500, "ただいまご利用いただけません"],
    [502, "正しい応答がありませんでした"],
    [503, "メンテナンス中です"],
    [504, "応答がありません"],
  ])("shows status %i with its type and a link back to the top page", async (status, title) => {
    await renderErrorPage({ status });
    expect(screen.getByText(String(status))).toHaveClass("error-page__status");
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "トップページへ戻る" })).toHaveAttribute("href", "/");
  });

  it("is the 404 page when no status is given", async () => {
    await renderErrorPage({});
    expect(screen.getByRole("heading", { name: "ページが見つかりません" })).toBeInTheDocument();
    expect(screen.getByText("404")).toBeInTheDocument();
  });

  it.each([
    [
      "regionBlock",
      "ご利用いただけない地域です",
      "このサービスは、お客様がいらっしゃる地域ではご利用いただけません。",
    ],
    ["unknown", "不明なエラーです", "不明なエラーが発生しました。"],
    ["generic", "エラーが発生しました", "しばらく時間をおいてから"],
    ["profile403", "このプロフィールでは閲覧できません", "閲覧が許可されたプロフィールに切り替えて"],
  ] as const)("shows the %s page", async (kind, title, text) => {
    await renderErrorPage({ kind });
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
  });

  it('appends the error code as "message [Error code:{code}]"', async () => {
    await renderErrorPage({ status: 503, code: "MAINTENANCE" });
    expect(
      screen.getByText(
        "ただいまメンテナンスを行っています。ご不便をおかけしますが、終了まで今しばらくお待ちください。 [Error code:MAINTENANCE]",
      ),
    ).toBeInTheDocument();
  });

  it("speaks English too", async () => {
    await renderErrorPage({ status: 401, code: "E1" }, "en");
    expect(screen.getByRole("heading", { name: "Page has expired (Session Expired)" })).toBeInTheDocument();
    expect(
      screen.getByText(/Please start again from the beginning\. \[Error code:E1\]$/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the top page" })).toBeInTheDocument();
  });
});

describe("the root error boundary", () => {
  const throwing = (error: unknown) => [
    {
      path: "*",
      loader: () => {
        throw error;
      },
      Component: NoPage,
    },
  ];

  it("renders an unknown URL's 404 inside the header and footer", async () => {
    await renderRoutes(throwing(data(null, { status: 404 })), {
      url: "/no-such-page",
      rootErrorBoundary: RootErrorBoundary,
    });
    expect(await screen.findByRole("heading", { name: "ページが見つかりません" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByRole("img", { name: "ソラミル" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(document.title).toBe("ページが見つかりません | ソラミル");
  });

  it.each([
    ["/mypage/no-such-page", true],
    ["/withdraw/nothing", true],
    ["/no-such-page", false],
  ])("offers the way back to My Page from the account area (%s, issue 41 §17)", async (url, offered) => {
    await renderRoutes(throwing(data(null, { status: 404 })), { url, rootErrorBoundary: RootErrorBoundary });
    await screen.findByRole("heading", { name: "ページが見つかりません" });
    const main = screen.getByRole("main");
    if (offered) {
      expect(within(main).getByRole("link", { name: "マイページへ戻る" })).toHaveAttribute("href", "/mypage");
    } else {
      expect(within(main).queryByRole("link", { name: "マイページへ戻る" })).toBeNull();
    }
    expect(within(main).getByRole("link", { name: "トップページへ戻る" })).toHaveAttribute("href", "/");
  });

  it("keeps a working shell when the root data itself is missing", async () => {
    await renderRoutes(throwing(data(null, { status: 503 })), {
      url: "/anything",
      root: null,
      rootErrorBoundary: RootErrorBoundary,
    });
    expect(await screen.findByRole("heading", { name: "メンテナンス中です" })).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "トップページ" })).toHaveAttribute(
      "href",
      "/",
    );
    expect(
      within(screen.getByRole("contentinfo")).getByRole("link", { name: "English" }),
    ).toBeInTheDocument();
  });

  it("reads the kind and the code from the thrown body", async () => {
    await renderRoutes(throwing(data({ kind: "profile403", code: "PROFILE_FORBIDDEN" }, { status: 403 })), {
      url: "/mypage",
      rootErrorBoundary: RootErrorBoundary,
    });
    expect(
      await screen.findByRole("heading", { name: "このプロフィールでは閲覧できません" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/\[Error code:PROFILE_FORBIDDEN\]$/)).toBeInTheDocument();
  });

  it("shows an unexpected exception as a 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderRoutes(throwing(new Error("boom")), { url: "/x", rootErrorBoundary: RootErrorBoundary });
    expect(await screen.findByRole("heading", { name: "ただいまご利用いただけません" })).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
