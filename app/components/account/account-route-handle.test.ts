import { describe, expect, it } from "vitest";
import { accountNavMode } from "./account-route-handle.ts";

const layout = { handle: undefined };

describe("accountNavMode", () => {
  it("shows the menu when no matched route says otherwise", () => {
    expect(accountNavMode([layout, { handle: { title: "x" } }], false)).toEqual({ kind: "menu" });
  });

  it("hides everything when any matched route sets hideMenu", () => {
    expect(accountNavMode([layout, { handle: { hideMenu: true, backTo: "/mypage" } }], false)).toEqual({
      kind: "hidden",
    });
  });

  it("shows the deepest route's Back link, with the side menu beside the page", () => {
    const matches = [
      layout,
      { handle: { backTo: "/mypage" } },
      { handle: { backTo: "/mypage/connections" } },
    ];
    expect(accountNavMode(matches, false)).toEqual({
      kind: "back",
      to: "/mypage/connections",
      sideMenu: true,
    });
  });

  it("never shows the menu inside the native app, but keeps a Back link", () => {
    expect(accountNavMode([layout], true)).toEqual({ kind: "none" });
    expect(accountNavMode([layout, { handle: { backTo: "/mypage" } }], true)).toEqual({
      kind: "back",
      to: "/mypage",
      sideMenu: false,
    });
  });

  it("ignores handles of the wrong shape", () => {
    expect(
      accountNavMode([{ handle: "hideMenu" }, { handle: { hideMenu: "yes", backTo: 1 } }], false),
    ).toEqual({
      kind: "menu",
    });
  });
});
