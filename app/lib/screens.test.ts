import { describe, expect, it } from "vitest";
import { fillPath, screenOfRoute } from "./screens.ts";

describe("screenOfRoute", () => {
  it("finds a screen by any of its route patterns, and nothing for an unknown one", () => {
    expect(screenOfRoute("/signup/auth")?.id).toBe("signup-auth");
    expect(screenOfRoute("/signup/email")?.id).toBe("signup-auth");
    expect(screenOfRoute("/login/multi-factor/:type")?.id).toBe("login-multi-factor-type");
    expect(screenOfRoute("/login/multi-factor/otp")).toBeUndefined();
    expect(screenOfRoute("/no-such-page")).toBeUndefined();
  });
});

describe("fillPath", () => {
  it("fills and encodes parameters, and refuses a missing one", () => {
    expect(fillPath("/zapi/invoice/:id", { id: "a/b" })).toBe("/zapi/invoice/a%2Fb");
    expect(() => fillPath("/zapi/invoice/:id", {})).toThrow('Missing route parameter "id"');
  });
});
