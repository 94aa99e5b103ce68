import { describe, expect, it } from "vitest";
import { createServerClock, testClockRoutes } from "./test-clock.ts";

describe("the server clock", () => {
  it("reads the wall clock until a test moves it forward, and never moves back", () => {
    const clock = createServerClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    clock.advance(30_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(29_000);
    for (const bad of [0, -1000, 1.5, Number.NaN]) expect(() => clock.advance(bad)).toThrow(RangeError);
  });

  it("is moved by POST /zapi/test-clock with a whole number of seconds up to a day", async () => {
    const clock = createServerClock();
    const hook = testClockRoutes(clock);
    const post = (body: string) =>
      hook.request("/zapi/test-clock", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
    const moved = await post(JSON.stringify({ advanceSeconds: 30 }));
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now) - Date.now()).toBeGreaterThanOrEqual(29_000);
    for (const bad of [
      "{}",
      "not json",
      '{"advanceSeconds":-5}',
      '{"advanceSeconds":"30"}',
      '{"advanceSeconds":86401}',
    ]) {
      expect((await post(bad)).status, bad).toBe(400);
    }
    expect(clock.now().getTime() - Date.now()).toBeLessThan(31_000);
    const read = (await (await hook.request("/zapi/test-clock")).json()) as { now: string };
    expect(Date.parse(read.now) - Date.now()).toBeGreaterThanOrEqual(29_000);
  });

  it("runs one billing pass at the instant asked, and refuses an instant without its offset", async () => {
    const asked: string[] = [];
    const hook = testClockRoutes(createServerClock(), async (at) => {
      asked.push(at.toISOString());
      return ["1 renewed"];
    });
    const pass = (body: unknown) =>
      hook.request("/zapi/test-clock/billing-pass", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const done = await pass({ at: "2027-01-31T01:00:00+09:00" });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ lines: ["1 renewed"] });
    expect(asked).toEqual(["2027-01-30T16:00:00.000Z"]);
    for (const at of ["2027-01-31", "2027-01-31T01:00:00", "tomorrow", 5, null]) {
      expect((await pass({ at })).status, String(at)).toBe(400);
    }
    expect(asked).toHaveLength(1);
  });
});
