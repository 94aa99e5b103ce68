import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, insertAccount, type TestApi } from "../../tests/api-harness.ts";
import { totpCode } from "../../tests/totp.ts";
import { accounts, backupCodes } from "../db/schema.ts";
import { newOtpSecret } from "../kit/totp.ts";
import {
  disableMethod,
  type EnabledMethod,
  enabledMethods,
  enableMethod,
  type MultiFactorMethodType,
  newBackupCodes,
  remainingBackupCodes,
  setPreferredType,
  spendBackupCode,
  spendOtpCode,
  storeBackupCodes,
  usableMethods,
} from "./multi-factor-methods.ts";

describe("the default type", () => {
  const enabled = (...types: EnabledMethod["type"][]): EnabledMethod[] =>
    types.map((type, index) => ({ type, enabledAt: new Date(index), phoneNumber: null }));

  const member = (preferred: MultiFactorMethodType | null, contactEmail: string | null = "a@example.jp") => ({
    contactEmail,
    preferredMultiFactorType: preferred,
  });
  const defaultOf = (...args: Parameters<typeof usableMethods>) => usableMethods(...args).defaultType;

  it("is the preferred one while enabled and offered, else the first enabled of those offered", () => {
    expect(defaultOf(enabled("Email", "OTP"), member("OTP"), ["Email", "OTP"])).toBe("OTP");
    expect(defaultOf(enabled("Email", "OTP"), member(null), ["Email", "OTP"])).toBe("Email");
    expect(defaultOf(enabled("Email", "OTP"), member("SMS"), ["Email", "OTP"])).toBe("Email");
    expect(defaultOf(enabled("Email", "OTP"), member("Email"), ["OTP"])).toBe("OTP");
    expect(defaultOf(enabled("Email"), member(null), ["OTP"])).toBeNull();
  });

  it("leaves out methods with nowhere to send their code", () => {
    expect(usableMethods(enabled("Email", "OTP"), member("Email", null), ["Email", "OTP"])).toEqual({
      types: ["OTP"],
      defaultType: "OTP",
    });
    // SMS without the number its enabling code proved.
    expect(usableMethods(enabled("SMS"), member(null), ["SMS"]).types).toEqual([]);
    const sms: EnabledMethod = { type: "SMS", enabledAt: new Date(0), phoneNumber: "09012345678" };
    expect(usableMethods([sms], member(null), ["SMS"]).types).toEqual(["SMS"]);
  });
});

describe("methods and backup codes in the database", () => {
  let t: TestApi;
  let accountId: string;
  beforeEach(async () => {
    t = await createTestApi();
    accountId = (await insertAccount(t)).accountId;
  });
  afterEach(() => t.close());

  it("accepts each authenticator code once, and tells a used code from a wrong one", async () => {
    const secret = newOtpSecret();
    await enableMethod(t.db, accountId, "OTP", { otpSecret: t.deps.secretBox.seal(secret) }, t.clock.now());
    const code = totpCode(secret, t.clock.now().getTime());
    const spend = (token: string) => spendOtpCode(t.db, t.deps.secretBox, accountId, token, t.clock.now());
    expect(await spend(code)).toBe("accepted");
    expect(await spend(code)).toBe("used");
    const window = [-30_000, 0, 30_000].map((offset) => totpCode(secret, t.clock.now().getTime() + offset));
    const wrong = ["000000", "111111", "222222", "333333"].find((token) => !window.includes(token)) ?? "";
    expect(await spend(wrong)).toBe("wrong");
    t.clock.advance(30_000);
    const next = totpCode(secret, t.clock.now().getTime());
    expect(await spend(next)).toBe("accepted");
    // The code before is still within the window of time, but spent: used, not wrong.
    expect(await spend(code)).toBe("used");
  });

  it("lets only one of two requests with the same code pass", async () => {
    const secret = newOtpSecret();
    await enableMethod(t.db, accountId, "OTP", { otpSecret: t.deps.secretBox.seal(secret) }, t.clock.now());
    const code = totpCode(secret, t.clock.now().getTime());
    const answers = await Promise.all(
      [1, 2].map(() => spendOtpCode(t.db, t.deps.secretBox, accountId, code, t.clock.now())),
    );
    expect(answers.sort()).toEqual(["accepted", "used"]);
  });

  it("makes 10 distinct 8-character backup codes, stores only keyed hashes, and spends each once", async () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{8}$/);
    await storeBackupCodes(t.db, t.deps.secretBox, accountId, codes, t.clock.now());
    const stored = JSON.stringify(await t.db.select().from(backupCodes));
    for (const code of codes) expect(stored).not.toContain(code);

    const [first, second] = codes as [string, string];
    expect(await spendBackupCode(t.db, t.deps.secretBox, accountId, first, t.clock.now())).toBe(true);
    expect(await spendBackupCode(t.db, t.deps.secretBox, accountId, first, t.clock.now())).toBe(false);
    // Case and width do not matter.
    expect(
      await spendBackupCode(t.db, t.deps.secretBox, accountId, second.toUpperCase(), t.clock.now()),
    ).toBe(true);
    expect(await spendBackupCode(t.db, t.deps.secretBox, accountId, "zzzzzzzz", t.clock.now())).toBe(false);
    expect(await remainingBackupCodes(t.db, accountId)).toBe(8);

    // Another member's codes are not this one's.
    const other = (await insertAccount(t, { email: "other@example.jp" })).accountId;
    expect(await spendBackupCode(t.db, t.deps.secretBox, other, codes[2] ?? "", t.clock.now())).toBe(false);
    // Regenerating replaces every code.
    await storeBackupCodes(t.db, t.deps.secretBox, accountId, newBackupCodes(), t.clock.now());
    expect(await spendBackupCode(t.db, t.deps.secretBox, accountId, codes[3] ?? "", t.clock.now())).toBe(
      false,
    );
    expect(await remainingBackupCodes(t.db, accountId)).toBe(10);
  });

  it("removes the backup codes and the preference with the last method", async () => {
    await enableMethod(t.db, accountId, "Email", {}, t.clock.now());
    await enableMethod(
      t.db,
      accountId,
      "OTP",
      { otpSecret: t.deps.secretBox.seal(newOtpSecret()) },
      t.clock.now(),
    );
    await setPreferredType(t.db, accountId, "OTP");
    await storeBackupCodes(t.db, t.deps.secretBox, accountId, newBackupCodes(), t.clock.now());

    expect(await disableMethod(t.db, accountId, "OTP")).toBe(1);
    expect((await enabledMethods(t.db, accountId)).map((method) => method.type)).toEqual(["Email"]);
    expect(await remainingBackupCodes(t.db, accountId)).toBe(10);
    const [account] = await t.db.select().from(accounts);
    expect(account?.preferredMultiFactorType).toBeNull();

    expect(await disableMethod(t.db, accountId, "Email")).toBe(0);
    expect(await remainingBackupCodes(t.db, accountId)).toBe(0);
  });
});
