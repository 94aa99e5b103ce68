// @vitest-environment jsdom
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isStaleAuth, useBackForwardAuthCheck } from "./back-forward.ts";

describe("isStaleAuth", () => {
  it("is false while the auid cookie matches the rendered login", () => {
    expect(isStaleAuth("a-1", "sid=s; auid=a-1")).toBe(false);
  });

  it("is false for a guest page while no one is logged in", () => {
    expect(isStaleAuth(null, "sid=s")).toBe(false);
    expect(isStaleAuth(null, "")).toBe(false);
  });

  it("is true after logging in as someone else, logging out, or logging in", () => {
    expect(isStaleAuth("a-1", "auid=a-2")).toBe(true);
    expect(isStaleAuth("a-1", "sid=s")).toBe(true);
    expect(isStaleAuth(null, "auid=a-2")).toBe(true);
  });
});

/** What the server's Set-Cookie does when someone logs in (a value) or out (null) in another tab. */
function setAuidCookie(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the hook reads document.cookie, so the test writes it.
  document.cookie = value === null ? "auid=; path=/; max-age=0" : `auid=${value}; path=/`;
}

describe("useBackForwardAuthCheck", () => {
  const originalLocation = window.location;
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    // jsdom's location.reload cannot be spied on, but window.location itself can be replaced.
    reload = vi.fn();
    Object.defineProperty(window, "location", {
      configurable: true,
      value: { ...originalLocation, reload },
    });
    setAuidCookie("a-1");
  });

  afterEach(() => {
    // Vitest runs without globals, so Testing Library cannot unmount on its own.
    cleanup();
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
    setAuidCookie(null);
    vi.restoreAllMocks();
  });

  function restoreFromBackForwardCache() {
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
  }

  function navigatedBy(type: NavigationTimingType) {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
  }

  it("reloads a page restored from the cache when the login changed meanwhile", () => {
    renderHook(() => useBackForwardAuthCheck("a-1"));
    setAuidCookie("a-2");

    restoreFromBackForwardCache();

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps a restored page when the login is the same", () => {
    renderHook(() => useBackForwardAuthCheck("a-1"));

    restoreFromBackForwardCache();

    expect(reload).not.toHaveBeenCalled();
  });

  it("ignores a pageshow that is an ordinary load", () => {
    renderHook(() => useBackForwardAuthCheck("a-1"));
    setAuidCookie("a-2");

    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: false }));

    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads at once when reached by back/forward navigation with another login", () => {
    navigatedBy("back_forward");

    renderHook(() => useBackForwardAuthCheck("a-0"));

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not check at load time after an ordinary navigation", () => {
    navigatedBy("navigate");

    renderHook(() => useBackForwardAuthCheck("a-0"));

    expect(reload).not.toHaveBeenCalled();
  });

  it("stops listening once unmounted", () => {
    const { unmount } = renderHook(() => useBackForwardAuthCheck("a-1"));
    unmount();
    setAuidCookie("a-2");

    restoreFromBackForwardCache();

    expect(reload).not.toHaveBeenCalled();
  });
});
