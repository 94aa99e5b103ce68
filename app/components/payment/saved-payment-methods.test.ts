import { describe, expect, it } from "vitest";
import { isCardExpired } from "./saved-payment-methods.tsx";

describe("isCardExpired (spec §9: expired after the end of its month)", () => {
  it("counts the whole expiry month as valid, in Japan time", () => {
    // 2026-04-30 23:59 in Japan.
    expect(isCardExpired("202604", new Date("2026-04-30T14:59:00Z"))).toBe(false);
    // 2026-05-01 00:00 in Japan, still April in UTC.
    expect(isCardExpired("202604", new Date("2026-04-30T15:00:00Z"))).toBe(true);
    expect(isCardExpired("202512", new Date("2026-01-01T00:00:00Z"))).toBe(true);
    expect(isCardExpired("203012", new Date("2026-04-01T00:00:00Z"))).toBe(false);
  });
});
