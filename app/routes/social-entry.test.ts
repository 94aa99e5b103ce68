import { describe, expect, it } from "vitest";
import { loader } from "./social-entry.ts";

describe("/auth", () => {
  it("leads to the login page, where the providers' buttons are", () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });
});
