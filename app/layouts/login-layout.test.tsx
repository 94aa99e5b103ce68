// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../tests/render.tsx";
import LoginLayout from "./login-layout.tsx";

function LoginForm() {
  return <h1>ログイン</h1>;
}

describe("LoginLayout", () => {
  it("puts the page in one card inside the main landmark, between header and footer", async () => {
    await renderRoutes(
      [{ path: "login", Component: LoginLayout, children: [{ index: true, Component: LoginForm }] }],
      {
        url: "/login",
      },
    );
    const main = screen.getByRole("main");
    const heading = within(main).getByRole("heading", { name: "ログイン" });
    expect(heading.closest(".card")).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "本文へスキップ" })).toHaveAttribute("href", `#${main.id}`);
  });
});
