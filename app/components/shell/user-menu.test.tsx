// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderElement } from "../../../tests/render.tsx";
import { type MenuSecurity, UserMenu } from "./user-menu.tsx";

function MyPage() {
  return <h1>マイページの中身</h1>;
}

function renderMenu(
  profileImageUrl?: string | null,
  memberLabel?: string | null,
  loadSecurity: () => Promise<MenuSecurity | null> = async () => null,
) {
  return renderElement(
    <>
      <UserMenu profileImageUrl={profileImageUrl} memberLabel={memberLabel} loadSecurity={loadSecurity} />
      <button type="button">外のボタン</button>
    </>,
    { siblingRoutes: [{ path: "mypage", Component: MyPage }] },
  );
}

const menuButton = () => screen.getByRole("button", { name: "アカウントメニュー" });
const myPageLink = () => screen.getByRole("link", { name: "マイページ" });
const logoutLink = () => screen.getByRole("button", { name: "ログアウト" });

describe("UserMenu", () => {
  it("says whether two-step verification is on once opened, asking the header data once", async () => {
    let asked = 0;
    const { user } = await renderMenu(null, null, async () => {
      asked += 1;
      return { isEnabledMultiFactor: true, multiFactorType: [], passkeyCount: null };
    });
    expect(asked).toBe(0);
    await user.click(menuButton());
    const line = await screen.findByRole("link", { name: /2段階認証/ });
    expect(line).toHaveTextContent("2段階認証オフ");
    expect(line).toHaveAttribute("href", "/mypage/multi-factor");
    await user.click(menuButton());
    await user.click(menuButton());
    expect(asked).toBe(1);
  });

  it("shows the line as on with a method, and leaves it out where the store offers none", async () => {
    const on = await renderMenu(null, null, async () => ({
      isEnabledMultiFactor: true,
      multiFactorType: ["OTP"],
      passkeyCount: null,
    }));
    await on.user.click(menuButton());
    expect(await screen.findByRole("link", { name: /2段階認証/ })).toHaveTextContent("2段階認証オン");
    on.unmount();
    const none = await renderMenu(null, null, async () => ({
      isEnabledMultiFactor: false,
      multiFactorType: [],
      passkeyCount: null,
    }));
    await none.user.click(menuButton());
    await Promise.resolve();
    expect(screen.queryByRole("link", { name: /2段階認証/ })).not.toBeInTheDocument();
  });

  it("leads to the passkeys with how many the member has, where the store takes them", async () => {
    const { user } = await renderMenu(null, null, async () => ({
      isEnabledMultiFactor: true,
      multiFactorType: [],
      passkeyCount: 2,
    }));
    await user.click(menuButton());
    const line = await screen.findByRole("link", { name: /パスキー/ });
    expect(line).toHaveTextContent("パスキー2");
    expect(line).toHaveAttribute("href", "/mypage/passkeys");
  });

  it("says who is logged in at the top of the menu", async () => {
    const { user } = await renderMenu(null, "hanako@example.jp");
    await user.click(menuButton());
    const list = screen.getAllByRole("listitem");
    expect(list[0]).toHaveTextContent("ログイン中のアカウントhanako@example.jp");
    // The label is not a link: the arrow keys still go from My Page to Logout.
    expect(myPageLink()).toHaveFocus();
  });

  it("opens from the keyboard, focuses the first link and moves with the arrow keys", async () => {
    const { user } = await renderMenu();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "マイページ" })).not.toBeInTheDocument();

    await user.tab();
    expect(menuButton()).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    expect(myPageLink()).toHaveFocus();
    expect(myPageLink()).toHaveAttribute("href", "/mypage");
    // A form's button posting to /logout: a link would log out whoever followed it.
    expect(logoutLink()).toHaveAttribute("type", "submit");
    expect(logoutLink().closest("form")).toHaveAttribute("method", "post");
    expect(logoutLink().closest("form")?.getAttribute("action")).toBe("/logout");

    await user.keyboard("{ArrowDown}");
    expect(logoutLink()).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(myPageLink()).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(logoutLink()).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the button", async () => {
    const { user } = await renderMenu();
    await user.click(menuButton());
    expect(myPageLink()).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(menuButton()).toHaveFocus();
    expect(screen.queryByRole("link", { name: "マイページ" })).not.toBeInTheDocument();
  });

  it("closes on a click outside and when focus tabs away", async () => {
    const { user } = await renderMenu();
    await user.click(menuButton());
    await user.click(document.body);
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");

    await user.click(menuButton());
    await user.keyboard("{ArrowDown}");
    expect(logoutLink()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "外のボタン" })).toHaveFocus();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("opens with the arrow keys from the button", async () => {
    const { user } = await renderMenu();
    await user.tab();
    await user.keyboard("{ArrowDown}");
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    expect(myPageLink()).toHaveFocus();
  });

  it("toggles closed from the button and closes after following a link", async () => {
    const { user } = await renderMenu();
    await user.click(menuButton());
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");

    await user.click(menuButton());
    await user.click(myPageLink());
    expect(await screen.findByRole("heading", { name: "マイページの中身" })).toBeInTheDocument();
  });

  it("shows the profile image, and the default icon once it fails to load", async () => {
    const { container } = await renderMenu("https://cdn.example.jp/profile/1.png");
    const image = container.querySelector("img.avatar__image");
    expect(image).toHaveAttribute("src", "https://cdn.example.jp/profile/1.png");
    expect(container.querySelector(".avatar__fallback")).not.toBeInTheDocument();

    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector("img.avatar__image")).not.toBeInTheDocument();
    expect(container.querySelector(".avatar__fallback")).toBeInTheDocument();
  });

  it("shows the default icon when there is no profile image", async () => {
    const { container } = await renderMenu(null);
    expect(container.querySelector("img")).not.toBeInTheDocument();
    expect(container.querySelector(".avatar__fallback")).toBeInTheDocument();
  });
});
