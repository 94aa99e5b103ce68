import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { authCodes } from "../db/schema.ts";
import { issueCode, resendAvailableAt, verifyCode } from "./auth-codes.ts";
import { startFlow } from "./auth-flows.ts";

let t: TestApi;
let flowId: string;
beforeEach(async () => {
  t = await createTestApi();
  flowId = (await startFlow(t.db, "signUp", t.clock.now(), { email: "a@example.jp" })).flow.id;
});
afterEach(() => t.close());

const issue = (purpose: "signUp" | "login" = "signUp") =>
  issueCode(t.db, { flowId, purpose, now: t.clock.now() });
const verify = (code: string, purpose: "signUp" | "login" = "signUp") =>
  verifyCode(t.db, { flowId, purpose, code, now: t.clock.now() });
const wrong = (code: string) => (code === "999999" ? "999998" : "999999");

describe("e-mail PIN codes", () => {
  it("are 6 digits, stored only as a salted HMAC", async () => {
    const code = await issue();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(authCodes);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row?.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("are accepted once", async () => {
    const code = await issue();
    expect(await verify(code)).toBe(true);
    expect(await verify(code)).toBe(false);
  });

  it("are void after 5 wrong tries", async () => {
    const code = await issue();
    for (let index = 0; index < 5; index++) expect(await verify(wrong(code))).toBe(false);
    expect(await verify(code)).toBe(false);
  });

  it("survive 4 wrong tries", async () => {
    const code = await issue();
    for (let index = 0; index < 4; index++) await verify(wrong(code));
    expect(await verify(code)).toBe(true);
  });

  it("expire 60 minutes after they were mailed", async () => {
    const code = await issue();
    t.clock.advance(60 * 60 * 1000);
    expect(await verify(code)).toBe(false);
  });

  it("work until the last moment of the 60 minutes", async () => {
    const code = await issue();
    t.clock.advance(60 * 60 * 1000 - 1);
    expect(await verify(code)).toBe(true);
  });

  it("work only for their purpose, in the same flow", async () => {
    const code = await issue("signUp");
    expect(await verify(code, "login")).toBe(false);
    expect(await verify(code, "signUp")).toBe(true);
  });

  it("work only in their flow", async () => {
    const code = await issue();
    const other = await startFlow(t.db, "signUp", t.clock.now(), { email: "b@example.jp" });
    expect(
      await verifyCode(t.db, { flowId: other.flow.id, purpose: "signUp", code, now: t.clock.now() }),
    ).toBe(false);
  });

  it("stop working when a new code of the same purpose is mailed", async () => {
    const first = await issue();
    const second = await issue();
    if (first !== second) expect(await verify(first)).toBe(false);
    expect(await verify(second)).toBe(true);
  });
});

describe("the resend rule", () => {
  it("tells the PIN screen a resend is possible 30 s after the last code", () => {
    const sentAt = new Date("2026-04-01T03:00:00.000Z");
    expect(resendAvailableAt(null)).toBeNull();
    expect(resendAvailableAt(sentAt)).toBe("2026-04-01T03:00:30.000Z");
  });
});
