// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../tests/render.tsx";
import OidcLayout from "../layouts/oidc-layout.tsx";
import type { Route } from "./+types/oidc-error";
import OidcError, { ErrorBoundary, loader } from "./oidc-error.tsx";

function thrownBy(url: string): unknown {
  try {
    loader({ request: new Request(url) } as Route.LoaderArgs);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("the loader did not throw");
}

function renderOidcError(query: string) {
  return renderRoutes(
    [
      {
        path: "oidc",
        Component: OidcLayout,
        children: [{ path: "error", loader, Component: OidcError, ErrorBoundary }],
      },
    ],
    { url: `/oidc/error${query}` },
  );
}

describe("/oidc/error loader", () => {
  it("rethrows the query as an error response with its status", () => {
    const thrown = thrownBy(
      "http://localhost/oidc/error?status=400&error=invalid_request&error_description=client_id%20missing&error_detail=x",
    );
    expect(thrown).toMatchObject({
      data: { error: "invalid_request", error_description: "client_id missing", error_detail: "x" },
      init: { status: 400 },
    });
  });

  it("answers 500 without a status and clamps others into 400..599", () => {
    expect(thrownBy("http://localhost/oidc/error?error=server_error")).toMatchObject({
      init: { status: 500 },
    });
    expect(thrownBy("http://localhost/oidc/error?status=302")).toMatchObject({ init: { status: 400 } });
    expect(thrownBy("http://localhost/oidc/error?status=999")).toMatchObject({ init: { status: 599 } });
  });
});

describe("/oidc/error page", () => {
  it("shows status, description, type, detail and the hint for a 4xx", async () => {
    await renderOidcError(
      "?status=400&error=invalid_request&error_description=redirect_uri%20が一致しません&error_detail=client%20abc",
    );
    expect(await screen.findByRole("heading", { name: "認証を完了できませんでした" })).toBeInTheDocument();
    expect(screen.getAllByText("400").length).toBeGreaterThan(0);
    expect(screen.getByText("redirect_uri が一致しません")).toBeInTheDocument();
    expect(screen.getByText("invalid_request")).toBeInTheDocument();
    expect(screen.getByText("client abc")).toBeInTheDocument();
    expect(
      screen.getByText(/ご利用中のサイトに戻り、もう一度はじめからやり直してください。/),
    ).toBeInTheDocument();
  });

  it("replaces the description with the fixed server-error text at 500", async () => {
    await renderOidcError("?error=server_error&error_description=stack%20trace%20at%20db.ts");
    expect(await screen.findByText("サーバーでエラーが発生しました。")).toBeInTheDocument();
    expect(screen.queryByText(/stack trace/)).not.toBeInTheDocument();
    expect(screen.getByText("server_error")).toBeInTheDocument();
    expect(screen.queryByText("詳細")).not.toBeInTheDocument();
  });

  it("shows markup in the query as text, never as elements", async () => {
    const { container } = await renderOidcError(
      `?status=400&error=${encodeURIComponent('<img src=x onerror="alert(1)">')}&error_description=${encodeURIComponent("<script>alert(2)</script>")}`,
    );
    expect(await screen.findByText("<script>alert(2)</script>")).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(container.querySelector("script, img[onerror]")).toBeNull();
  });

  it("sits in the OIDC layout: no site header, the store logo and a small footer", async () => {
    await renderOidcError("?status=401");
    await screen.findByRole("heading", { name: "認証を完了できませんでした" });
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "ソラミル" })).toBeInTheDocument();
    expect(screen.getByText("© 2026 Soramiru Inc.")).toBeInTheDocument();
  });
});
