import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { authThrottles } from "../db/schema.ts";
import * as throttle from "./throttle.ts";
import {
  ACCOUNT_LOGIN_THROTTLE,
  CLIENT_GUESS_THROTTLE,
  CLIENT_MAIL_THROTTLE,
  clearThrottle,
  delayAfter,
  giveBackAttempt,
  giveBackRate,
  MAIL_THROTTLE,
  mailboxOf,
  type RatePolicy,
  rateWait,
  recordHit,
  type ThrottlePolicy,
  takeAttempt,
  takeRate,
  throttleKey,
  throttleWait,
} from "./throttle.ts";

/** A policy that locks, as the mail caps do, to test the counters' every branch. */
const LOCKING: ThrottlePolicy = {
  freeHits: 3,
  baseDelayMs: 1000,
  lockAfter: 10,
  lockMs: 15 * 60 * 1000,
  forgetAfterMs: 15 * 60 * 1000,
};

describe("delayAfter (a locking policy)", () => {
  it("is free for 3 hits, doubles from 1 s, and locks at the 10th", () => {
    const delays = Array.from({ length: 11 }, (_, hits) => delayAfter(hits, LOCKING));
    expect(delays).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 32000, null]);
  });
});

describe("delayAfter (guessing policies)", () => {
  it("never locks a key that guesses count on: the waits stop growing at 15 minutes", () => {
    expect(delayAfter(3, CLIENT_GUESS_THROTTLE)).toBe(0);
    expect(delayAfter(4, CLIENT_GUESS_THROTTLE)).toBe(1000);
    expect(delayAfter(13, CLIENT_GUESS_THROTTLE)).toBe(512_000);
    expect(delayAfter(14, CLIENT_GUESS_THROTTLE)).toBe(15 * 60 * 1000);
    expect(delayAfter(10_000, CLIENT_GUESS_THROTTLE)).toBe(15 * 60 * 1000);
    expect(delayAfter(10_000, ACCOUNT_LOGIN_THROTTLE)).toBe(15 * 60 * 1000);
  });
});

describe("mailboxOf", () => {
  it.each([
    ["Hanako+shop@Example.JP", "hanako@example.jp"],
    ["hanako+a+b@example.jp", "hanako@example.jp"],
    [" hanako@example.jp ", "hanako@example.jp"],
    ["+tag@example.jp", "+tag@example.jp"],
    ["no-at-sign", "no-at-sign"],
  ])("keys %j as %j", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it("gives +tag variants one recipient key", () => {
    expect(throttleKey.mailTo("a+1@x.jp")).toBe(throttleKey.mailTo("A+2@X.jp"));
    expect(throttleKey.codeSentTo("a+1@x.jp", "login")).toBe(throttleKey.codeSentTo("a@x.jp", "login"));
    expect(throttleKey.codeSentTo("a@x.jp", "login")).not.toBe(throttleKey.codeSentTo("a@x.jp", "signUp"));
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
  const wait = () => throttleWait(t.db, [key], LOCKING, t.clock.now());
  const hit = () => recordHit(t.db, [key], LOCKING, t.clock.now());

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
    for (let index = 0; index < 5; index++) await recordHit(t.db, ["a"], LOCKING, t.clock.now());
    await recordHit(t.db, ["b"], LOCKING, t.clock.now());
    expect(await throttleWait(t.db, ["a", "b"], LOCKING, t.clock.now())).toBe(2);
    expect(await throttleWait(t.db, ["b"], LOCKING, t.clock.now())).toBe(0);
  });

  it("clears a key", async () => {
    for (let index = 0; index < 10; index++) await hit();
    await clearThrottle(t.db, [key]);
    expect(await wait()).toBe(0);
  });
});

describe("takeAttempt: counted before it is evaluated (issue 39 §2)", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi();
  });
  afterEach(() => t.close());

  const rules = [
    { key: "guess:pair", policy: CLIENT_GUESS_THROTTLE },
    { key: "guess:account", policy: ACCOUNT_LOGIN_THROTTLE },
  ];
  const hitsOf = async (key: string) =>
    (await t.db.select().from(authThrottles).where(eq(authThrottles.key, key)))[0]?.hits ?? 0;

  it("lets through, of forty attempts at once, only those the limits allow, and counts each", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => takeAttempt(t.db, rules, t.clock.now())),
    );
    // 3 free, and the 4th right after them (the first wait, 1 s, comes after it).
    expect(answers.filter((wait) => wait === 0)).toHaveLength(CLIENT_GUESS_THROTTLE.freeHits + 1);
    expect(answers.filter((wait) => wait > 0).every((wait) => wait === 1)).toBe(true);
    expect(await hitsOf("guess:pair")).toBe(4);
    // A refused attempt counted on no key, not even those it had taken before the refusing one.
    expect(await hitsOf("guess:account")).toBe(4);
  });

  it("paces one attempt after another as the counters did: wait, try, wait twice as long", async () => {
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect(await takeAttempt(t.db, rules, t.clock.now())).toBe(0);
    expect(await takeAttempt(t.db, rules, t.clock.now())).toBe(1);
    t.clock.advance(1000);
    expect(await takeAttempt(t.db, rules, t.clock.now())).toBe(0);
    expect(await takeAttempt(t.db, rules, t.clock.now())).toBe(2);
    t.clock.advance(CLIENT_GUESS_THROTTLE.forgetAfterMs);
    expect(await takeAttempt(t.db, rules, t.clock.now())).toBe(0);
    expect(await hitsOf("guess:pair")).toBe(1);
  });

  it("gives a right attempt's count back", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await takeAttempt(t.db, rules, t.clock.now());
    await giveBackAttempt(t.db, rules);
    expect(await hitsOf("guess:pair")).toBe(2);
    expect(await hitsOf("guess:account")).toBe(2);
  });

  it("locks at a locking policy's limit, as recordHit does", async () => {
    const locking = [{ key: "mail", policy: LOCKING }];
    let taken = 0;
    while (taken < 10) {
      const wait = await takeAttempt(t.db, locking, t.clock.now());
      if (wait === 0) taken += 1;
      else t.clock.advance(wait * 1000);
    }
    expect(await takeAttempt(t.db, locking, t.clock.now())).toBe(15 * 60);
  });
});

describe("rates (GCRA)", () => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi();
  });
  afterEach(() => t.close());

  const rate: RatePolicy = { intervalMs: 5000, burst: 3 };
  const wait = () => rateWait(t.db, "rate", rate, t.clock.now());
  const hit = async () => expect(await takeRate(t.db, "rate", rate, t.clock.now())).toBe(0);

  it("allows a burst, then one event per interval", async () => {
    for (let index = 0; index < 3; index++) {
      expect(await wait()).toBe(0);
      await hit();
    }
    expect(await wait()).toBe(5);
    t.clock.advance(5000);
    expect(await wait()).toBe(0);
    await hit();
    expect(await wait()).toBe(5);
  });

  it("refills at the allowed pace when events stop", async () => {
    for (let index = 0; index < 3; index++) await hit();
    t.clock.advance(15_000);
    for (let index = 0; index < 3; index++) {
      expect(await wait()).toBe(0);
      await hit();
    }
    expect(await wait()).toBe(5);
  });

  it("takes a slot only when one is free", async () => {
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(0);
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(0);
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(0);
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(5);
    // A refused take does not push the next slot further out.
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(5);
    t.clock.advance(5000);
    expect(await takeRate(t.db, "take", rate, t.clock.now())).toBe(0);
  });

  it("gives a slot back", async () => {
    for (let index = 0; index < 3; index++) await hit();
    expect(await wait()).toBe(5);
    await giveBackRate(t.db, "rate", rate);
    expect(await wait()).toBe(0);
  });
});

describe("the README's tables of limits", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

  /** 1000 → "1 s", 300000 → "5 min", 3600000 → "1 h". */
  function duration(ms: number): string {
    if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
    if (ms % 60_000 === 0) return `${ms / 60_000} min`;
    return `${ms / 1000} s`;
  }

  /** The cells after the name and the description of the README row naming `name`. */
  function rowCells(name: string): string[] {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row, `README has no row for ${name}`).toBeDefined();
    return (row ?? "")
      .split("|")
      .slice(3, -1)
      .map((cell) => cell.trim());
  }

  const policies = Object.entries(throttle).filter(
    (entry): entry is [string, ThrottlePolicy] => typeof entry[1] === "object" && "freeHits" in entry[1],
  );
  const rates = Object.entries(throttle).filter(
    (entry): entry is [string, RatePolicy] => typeof entry[1] === "object" && "burst" in entry[1],
  );

  it("finds every policy of the module", () => {
    expect(policies.length).toBeGreaterThanOrEqual(6);
    expect(rates.length).toBeGreaterThanOrEqual(3);
  });

  it.each(policies)("states %s's numbers", (name, policy) => {
    expect(rowCells(name)).toEqual([
      String(policy.freeHits),
      duration(policy.baseDelayMs),
      policy.maxDelayMs === undefined ? "—" : duration(policy.maxDelayMs),
      policy.lockAfter === undefined
        ? "never"
        : `${duration(policy.lockMs ?? 0)} at the ${policy.lockAfter}th`,
      duration(policy.forgetAfterMs),
    ]);
  });

  it.each(rates)("states %s's numbers", (name, rate) => {
    expect(rowCells(name)).toEqual([String(rate.burst), duration(rate.intervalMs)]);
  });

  it("states how many wrong tries void a code", () => {
    expect(readme).toContain(`void after ${throttle.MAX_WRONG_TRIES} wrong tries`);
  });
});
