// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoStore, makeRootData, renderRoutes } from "../../tests/render.tsx";
import Home from "./home.tsx";

describe("Home", () => {
  it("introduces the store and invites visitors to sign up or log in", async () => {
    await renderRoutes([{ index: true, Component: Home }]);
    expect(screen.getByRole("heading", { level: 1, name: "ソラミル" })).toBeInTheDocument();
    expect(screen.getByText(demoStore.serviceDescription)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "新規会員登録" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "ログイン" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "マイページへ" })).not.toBeInTheDocument();
  });

  it("sends members to My Page instead", async () => {
    await renderRoutes([{ index: true, Component: Home }], { root: makeRootData({ authId: "acc_1" }) });
    expect(screen.getByRole("link", { name: "マイページへ" })).toHaveAttribute("href", "/mypage");
    expect(screen.queryByRole("link", { name: "新規会員登録" })).not.toBeInTheDocument();
  });
});
