// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { demoStore, renderElement, renderRoutes } from "../../../tests/render.tsx";
import { SiteHeader, type SiteHeaderProps } from "./site-header.tsx";

function renderHeader(props: Partial<SiteHeaderProps> = {}) {
  return renderElement(<SiteHeader store={demoStore} isLoggedIn={false} isApp={false} {...props} />);
}

function GuestHeader() {
  return <SiteHeader store={demoStore} isLoggedIn={false} isApp={false} />;
}

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

describe("SiteHeader", () => {
  it("shrinks only after more than 5 px of scrolling, and grows back at the top", async () => {
    await renderHeader();
    const header = screen.getByRole("banner");
    expect(header).not.toHaveClass("is-compact");
    scrollTo(5);
    expect(header).not.toHaveClass("is-compact");
    scrollTo(6);
    expect(header).toHaveClass("is-compact");
    scrollTo(0);
    expect(header).not.toHaveClass("is-compact");
  });

  it("links the logo to the top page, narrow logo by default and the wide one from 768px", async () => {
    const { container } = await renderHeader();
    const logo = screen.getByRole("img", { name: "ソラミル" });
    expect(logo).toHaveAttribute("src", demoStore.images.logoSp);
    expect(container.querySelector("source")).toHaveAttribute("srcset", demoStore.images.logoPc);
    expect(container.querySelector("source")).toHaveAttribute("media", "(min-width: 768px)");
    expect(screen.getByRole("link", { name: "ソラミル" })).toHaveAttribute("href", "/");
  });

  it("offers login and sign-up to visitors", async () => {
    await renderHeader();
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: "ログイン" })).toHaveAttribute("href", "/login");
    expect(header.getByRole("link", { name: "新規会員登録" })).toHaveAttribute("href", "/signup");
    expect(header.queryByRole("button", { name: "アカウントメニュー" })).not.toBeInTheDocument();
  });

  it.each([
    ["/login", "新規会員登録", "ログイン"],
    ["/login/code", "新規会員登録", "ログイン"],
    ["/signup/auth", "ログイン", "新規会員登録"],
  ])("does not offer a guest the page they are on (%s, issue 41 §17)", async (path, offered, hidden) => {
    await renderRoutes([{ path: path.slice(1), Component: GuestHeader }], { url: path });
    const banner = within(await screen.findByRole("banner"));
    expect(banner.getByRole("link", { name: offered })).toBeInTheDocument();
    expect(banner.queryByRole("link", { name: hidden })).not.toBeInTheDocument();
  });

  it("shows the English wide logo on English pages (issue 41 §17)", async () => {
    const store = { ...demoStore, images: { ...demoStore.images, logoPcEn: "/store-assets/logo-pc-en.svg" } };
    const { container } = await renderElement(<SiteHeader store={store} isLoggedIn={false} isApp={false} />, {
      language: "en",
    });
    expect(container.querySelector("source")).toHaveAttribute("srcset", "/store-assets/logo-pc-en.svg");
  });

  it("shows the user menu instead when logged in", async () => {
    await renderHeader({ isLoggedIn: true });
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("button", { name: "アカウントメニュー" })).toBeInTheDocument();
    expect(header.queryByRole("link", { name: "ログイン" })).not.toBeInTheDocument();
  });

  it("hides the menus inside the native app", async () => {
    await renderHeader({ isLoggedIn: true, isApp: true });
    const header = within(screen.getByRole("banner"));
    expect(header.queryByRole("button", { name: "アカウントメニュー" })).not.toBeInTheDocument();
    expect(header.getByRole("link", { name: "ソラミル" })).toBeInTheDocument();
  });

  it("still links to the top page without store settings", async () => {
    await renderHeader({ store: undefined });
    expect(screen.getByRole("link", { name: "トップページ" })).toHaveAttribute("href", "/");
  });
});
