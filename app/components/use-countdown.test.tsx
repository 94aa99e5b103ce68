// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "./use-countdown.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One act per second: each tick's timer is scheduled only after React renders the previous one. */
function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) {
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe("useCountdown", () => {
  it("counts down one per second and calls onElapsed once at zero", () => {
    const onElapsed = vi.fn();
    const { result } = renderHook(() => useCountdown(3, onElapsed));
    expect(result.current.remaining).toBe(3);
    tick(1);
    expect(result.current.remaining).toBe(2);
    tick(1);
    expect(onElapsed).not.toHaveBeenCalled();
    tick(1);
    expect(result.current.remaining).toBe(0);
    expect(onElapsed).toHaveBeenCalledTimes(1);
    tick(5);
    expect(result.current.remaining).toBe(0);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it("starts over on restart", () => {
    const { result } = renderHook(() => useCountdown(30));
    tick(12);
    expect(result.current.remaining).toBe(18);
    act(() => result.current.restart());
    expect(result.current.remaining).toBe(30);
    tick(1);
    expect(result.current.remaining).toBe(29);
  });
});

describe("useCountdown in a tab whose timers were held back", () => {
  it("shows what truly remains when its timer finally fires", () => {
    const { result } = renderHook(() => useCountdown(30));
    tick(2);
    expect(result.current.remaining).toBe(28);
    // The clock runs on 20 s while no timer fires (a background tab), then the pending one fires
    // a second later: 23 s gone, 7 left, not 27.
    act(() => {
      vi.setSystemTime(Date.now() + 20_000);
      vi.advanceTimersToNextTimer();
    });
    expect(result.current.remaining).toBe(7);
    tick(7);
    expect(result.current.remaining).toBe(0);
  });
});
