/**
 * oidc-provider's storage on our database (issue 46 §1): each model's rows apart, expiry honoured,
 * consumed codes marked, look-ups by uid and user code, and a grant's revocation taking every code
 * and token issued under it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { oidcModels } from "../db/schema.ts";
import { databaseAdapter, purgeExpiredOidcModels } from "./adapter.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

const adapterFor = (model: string) => databaseAdapter(t.db, () => t.clock.now())(model);

describe("the provider's database adapter", () => {
  it("keeps each model's instances apart and answers them as stored", async () => {
    const codes = adapterFor("AuthorizationCode");
    const tokens = adapterFor("AccessToken");
    await codes.upsert("abc", { accountId: "acc-1", clientId: "web", grantId: "g-1" }, 60);
    expect(await codes.find("abc")).toEqual({ accountId: "acc-1", clientId: "web", grantId: "g-1" });
    expect(await tokens.find("abc")).toBeUndefined();
    expect(await codes.find("nope")).toBeUndefined();
    // Again: the new payload and expiry replace the old.
    await codes.upsert("abc", { accountId: "acc-2" }, 600);
    expect(await codes.find("abc")).toEqual({ accountId: "acc-2" });
    expect(await t.db.$count(oidcModels)).toBe(1);
  });

  it("honours expiry: gone past it, and purged", async () => {
    const sessions = adapterFor("Session");
    await sessions.upsert("s-1", { uid: "u-1", accountId: "acc-1" }, 60);
    await sessions.upsert("s-2", { uid: "u-2" });
    t.clock.advance(59_000);
    expect(await sessions.find("s-1")).toBeDefined();
    t.clock.advance(1_000);
    expect(await sessions.find("s-1")).toBeUndefined();
    expect(await sessions.findByUid("u-1")).toBeUndefined();
    // Without an expiry it stays.
    expect(await sessions.findByUid("u-2")).toEqual({ uid: "u-2" });
    expect(await purgeExpiredOidcModels(t.db, t.clock.now())).toBe(1);
    expect(await t.db.$count(oidcModels)).toBe(1);
  });

  it("marks a consumed code, which is then still found — as consumed (a replay is seen)", async () => {
    const codes = adapterFor("AuthorizationCode");
    await codes.upsert("code-1", { grantId: "g-1" }, 60);
    t.clock.advance(5_000);
    await codes.consume("code-1");
    expect(await codes.find("code-1")).toEqual({
      grantId: "g-1",
      consumed: Math.floor(t.clock.now().getTime() / 1000),
    });
  });

  it("finds by uid and by user code within the model; destroys", async () => {
    const interactions = adapterFor("Interaction");
    const devices = adapterFor("DeviceCode");
    await interactions.upsert("i-1", { uid: "uid-1", returnTo: "/op/auth/i-1" }, 600);
    await devices.upsert("d-1", { userCode: "ABCD-EFGH" }, 600);
    expect(await interactions.findByUid("uid-1")).toMatchObject({ returnTo: "/op/auth/i-1" });
    expect(await devices.findByUid("uid-1")).toBeUndefined();
    expect(await devices.findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });
    await interactions.destroy("i-1");
    expect(await interactions.find("i-1")).toBeUndefined();
    expect(await devices.find("d-1")).toBeDefined();
  });

  it("revoking a grant takes every code and token issued under it, and nothing else", async () => {
    await adapterFor("AuthorizationCode").upsert("c-1", { grantId: "g-1" }, 60);
    await adapterFor("AccessToken").upsert("a-1", { grantId: "g-1" }, 3600);
    await adapterFor("RefreshToken").upsert("r-1", { grantId: "g-1" }, 86_400);
    await adapterFor("RefreshToken").upsert("r-2", { grantId: "g-2" }, 86_400);
    await adapterFor("AccessToken").revokeByGrantId("g-1");
    expect(await adapterFor("AuthorizationCode").find("c-1")).toBeUndefined();
    expect(await adapterFor("AccessToken").find("a-1")).toBeUndefined();
    expect(await adapterFor("RefreshToken").find("r-1")).toBeUndefined();
    expect(await adapterFor("RefreshToken").find("r-2")).toEqual({ grantId: "g-2" });
  });
});
