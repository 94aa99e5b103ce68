import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env.ts";
import { DEFAULT_SESSION_MAX_AGE_MS, SESSION_LIFETIME_MS, sessionEnd } from "./sessions.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("sessionEnd", () => {
  const start = new Date("2026-04-01T03:00:00.000Z");

  it("is 30 days after the latest use while the absolute end is further", () => {
    const used = new Date(start.getTime() + 10 * DAY);
    expect(sessionEnd(start, used, DEFAULT_SESSION_MAX_AGE_MS).getTime()).toBe(
      used.getTime() + SESSION_LIFETIME_MS,
    );
  });

  it("is the absolute end once that comes first", () => {
    const used = new Date(start.getTime() + 80 * DAY);
    expect(sessionEnd(start, used, DEFAULT_SESSION_MAX_AGE_MS).getTime()).toBe(start.getTime() + 90 * DAY);
    expect(sessionEnd(start, start, 7 * DAY).getTime()).toBe(start.getTime() + 7 * DAY);
  });
});

describe("SESSION_MAX_AGE_DAYS", () => {
  const cwd = process.cwd();

  it("defaults to 90 days", () => {
    expect(parseEnv({}, cwd).sessionMaxAgeDays).toBe(90);
    expect(DEFAULT_SESSION_MAX_AGE_MS).toBe(90 * DAY);
  });

  it("accepts a whole number of days", () => {
    expect(parseEnv({ SESSION_MAX_AGE_DAYS: " 30 " }, cwd).sessionMaxAgeDays).toBe(30);
  });

  it.each(["0", "-1", "1.5", "ninety", "3651"])("refuses %j", (value) => {
    expect(() => parseEnv({ SESSION_MAX_AGE_DAYS: value }, cwd)).toThrow(EnvError);
  });
});
