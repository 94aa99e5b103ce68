import { describe, expect, it } from "vitest";
import { totpCode } from "../../tests/totp.ts";
import { acceptedOtpStep, newOtpSecret, otpauthUrl } from "./totp.ts";

/** RFC 6238 Appendix B's SHA-1 secret, "12345678901234567890", in base32. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  // Appendix B's SHA-1 vectors; a 6-digit code is the 8-digit one's last 6 digits.
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("accepts the code of the test vector at T=%i", (seconds, eightDigits) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(eightDigits);
    const code = eightDigits.slice(2);
    expect(acceptedOtpStep(RFC_SECRET, code, new Date(seconds * 1000), null)).toBe(Math.floor(seconds / 30));
  });

  it("accepts one step either side and no further", () => {
    const now = Date.UTC(2026, 10, 24, 9, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(acceptedOtpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), new Date(now), null)).toBe(
      step - 1,
    );
    expect(acceptedOtpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), new Date(now), null)).toBe(
      step + 1,
    );
    expect(acceptedOtpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), new Date(now), null)).toBeNull();
    expect(acceptedOtpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), new Date(now), null)).toBeNull();
  });

  it("refuses a step at or before the last one accepted, and anything but 6 digits", () => {
    const now = Date.UTC(2026, 10, 24, 9, 0, 15);
    const step = Math.floor(now / 30_000);
    const code = totpCode(RFC_SECRET, now);
    expect(acceptedOtpStep(RFC_SECRET, code, new Date(now), step)).toBeNull();
    expect(acceptedOtpStep(RFC_SECRET, code, new Date(now), step - 1)).toBe(step);
    expect(acceptedOtpStep(RFC_SECRET, `${code}0`, new Date(now), null)).toBeNull();
    expect(acceptedOtpStep(RFC_SECRET, "12345a", new Date(now), null)).toBeNull();
  });

  it("makes 160-bit secrets and an otpauth URL apps read", () => {
    const secret = newOtpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newOtpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, "hanako@example.jp", "ソラミル"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("ソラミル");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
  });
});
