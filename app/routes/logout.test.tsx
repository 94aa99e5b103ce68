// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestI18n, renderRoutes } from "../../tests/render.tsx";
import Logout from "./logout.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function TopPage() {
  return <h1>トップページの中身</h1>;
}

async function renderLogout() {
  const i18n = await createTestI18n("ja");
  vi.useFakeTimers();
  return renderRoutes(
    [
      { index: true, Component: TopPage },
      { path: "logout", Component: Logout },
    ],
    { url: "/logout", i18n },
  );
}

/** One act per second: each tick's timer is scheduled only after React renders the previous one. */
function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe("Logout page", () => {
  it("says the user is logged out and counts down from 10 in a polite live region", async () => {
    await renderLogout();
    expect(screen.getByRole("heading", { name: "ログアウトしました。" })).toBeInTheDocument();
    const countdown = screen.getByText("10秒後にトップページへ移動します。");
    expect(countdown).toHaveAttribute("aria-live", "polite");
    tick(1);
    expect(countdown).toHaveTextContent("9秒後にトップページへ移動します。");
    tick(8);
    expect(countdown).toHaveTextContent("1秒後にトップページへ移動します。");
    expect(screen.queryByRole("heading", { name: "トップページの中身" })).not.toBeInTheDocument();
  });

  it("goes to the top page when the countdown reaches 0", async () => {
    await renderLogout();
    tick(10);
    await act(async () => {});
    expect(screen.getByRole("heading", { name: "トップページの中身" })).toBeInTheDocument();
  });

  it("offers a link to go now", async () => {
    await renderLogout();
    expect(screen.getByRole("link", { name: "今すぐトップページへ移動する" })).toHaveAttribute("href", "/");
  });

  it("cancels the meta refresh once hydrated, so leaving early is not undone by it", async () => {
    const stop = vi.spyOn(window, "stop");
    await renderLogout();
    expect(stop).toHaveBeenCalled();
  });
});

describe("Logout head", () => {
  it("titles the page and refreshes to the top page after 10 seconds without JavaScript", async () => {
    await renderLogout();
    expect(document.title).toBe("ログアウト | ソラミル");
    const refresh = document.head.querySelector('meta[http-equiv="refresh"]');
    expect(refresh?.getAttribute("content")).toBe("10;url=/");
  });
});
