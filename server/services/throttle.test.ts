import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import {
  CLIENT_MAIL_THROTTLE,
  clearThrottle,
  delayAfter,
  LOGIN_THROTTLE,
  MAIL_THROTTLE,
  recordHit,
  throttleWait,
} from "./throttle.ts";

describe("delayAfter (login policy)", () => {
  it("is free for 3 failures, doubles from 1 s, and locks at the 10th", () => {
    const delays = Array.from({ length: 11 }, (_, hits) => delayAfter(hits, LOGIN_THROTTLE));
    expect(delays).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 32000, null]);
  });
});

describe("delayAfter (mail policies)", () => {
  it("paces one recipient after 5 mails and locks at 10", () => {
    expect(delayAfter(5, MAIL_THROTTLE)).toBe(0);
    expect(delayAfter(6, MAIL_THROTTLE)).toBe(30_000);
    expect(delayAfter(10, MAIL_THROTTLE)).toBeNull();
  });

  it("lets one shared client address send far more, to different people", () => {
    expect(delayAfter(30, CLIENT_MAIL_THROTTLE)).toBe(0);
    expect(delayAfter(31, CLIENT_MAIL_THROTTLE)).toBe(5_000);
    expect(delayAfter(99, CLIENT_MAIL_THROTTLE)).toBe(60_000);
    expect(delayAfter(100, CLIENT_MAIL_THROTTLE)).toBeNull();
  });
});

describe("throttle counters", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi();
  });
  afterEach(() => t.close());

  const key = "login:account:test";
  const wait = () => throttleWait(t.db, [key], LOGIN_THROTTLE, t.clock.now());
  const hit = () => recordHit(t.db, [key], LOGIN_THROTTLE, t.clock.now());

  it("makes a key wait after each hit past the free ones", async () => {
    for (let index = 0; index < 3; index++) await hit();
    expect(await wait()).toBe(0);
    await hit();
    expect(await wait()).toBe(1);
    t.clock.advance(1000);
    expect(await wait()).toBe(0);
    await hit();
    expect(await wait()).toBe(2);
  });

  it("locks a key for 15 minutes at the 10th hit, then starts counting afresh", async () => {
    for (let index = 0; index < 10; index++) await hit();
    expect(await wait()).toBe(15 * 60);
    t.clock.advance(15 * 60 * 1000 - 1000);
    expect(await wait()).toBe(1);
    t.clock.advance(1000);
    expect(await wait()).toBe(0);
    await hit();
    expect(await wait()).toBe(0);
  });

  it("forgets hits once the last one is 15 minutes old", async () => {
    for (let index = 0; index < 6; index++) await hit();
    t.clock.advance(15 * 60 * 1000);
    await hit();
    expect(await wait()).toBe(0);
  });

  it("waits for the slowest of several keys", async () => {
    for (let index = 0; index < 5; index++) await recordHit(t.db, ["a"], LOGIN_THROTTLE, t.clock.now());
    await recordHit(t.db, ["b"], LOGIN_THROTTLE, t.clock.now());
    expect(await throttleWait(t.db, ["a", "b"], LOGIN_THROTTLE, t.clock.now())).toBe(2);
    expect(await throttleWait(t.db, ["b"], LOGIN_THROTTLE, t.clock.now())).toBe(0);
  });

  it("clears a key", async () => {
    for (let index = 0; index < 10; index++) await hit();
    await clearThrottle(t.db, [key]);
    expect(await wait()).toBe(0);
  });
});
