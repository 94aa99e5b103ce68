import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { totpCode } from "../../tests/totp.ts";
import { staff, staffAudit } from "../db/schema.ts";
import {
  AUDIT_PAGE_SIZE,
  addStaff,
  auditPage,
  type ConsoleDeps,
  changeStaffRole,
  completeSetup,
  endStaffSession,
  findStaffSession,
  listStaff,
  removeStaff,
  SETUP_LINK_LIFETIME_MS,
  STAFF_SESSION_IDLE_MS,
  StaffError,
  setupOffer,
  signIn,
} from "./staff.ts";

const SERVER = { staffId: null, ip: null };
const PASSWORD = "correct horse battery staple";
const IP = "203.0.113.7";

let t: TestApi;
let deps: ConsoleDeps;

beforeEach(async () => {
  t = await createTestApi();
  deps = { db: t.db, secretBox: t.deps.secretBox, passwords: t.deps.passwords, now: () => t.clock.now() };
});
afterEach(() => t.close());

async function auditActions(): Promise<string[]> {
  const rows = await t.db.select({ action: staffAudit.action }).from(staffAudit).orderBy(asc(staffAudit.id));
  return rows.map((row) => row.action);
}

/** Adds a staff member and completes the set-up; gives the authenticator secret. */
async function setUp(email = "ops@example.jp", role = "owner"): Promise<string> {
  const { setupToken } = await addStaff(deps, { email, role }, SERVER);
  const offer = await setupOffer(deps, setupToken, "ソラミル");
  if (!offer) throw new Error("no set-up offer");
  const result = await completeSetup(
    deps,
    setupToken,
    { password: PASSWORD, code: totpCode(offer.otpSecret, t.clock.now().getTime()) },
    IP,
  );
  expect(result).toBe("done");
  // The set-up spent this time step's code: the sign-in takes the next one.
  t.clock.advance(30_000);
  return offer.otpSecret;
}

describe("adding staff", () => {
  it("keeps only the set-up token's hash, refuses a second row for one address, and audits", async () => {
    const added = await addStaff(deps, { email: " Ops@Example.jp ", role: "configuration" }, SERVER);
    const [row] = await t.db.select().from(staff).where(eq(staff.id, added.staffId));
    expect(row?.email).toBe("ops@example.jp");
    expect(row?.setupTokenHash).not.toBe(added.setupToken);
    expect(row?.passwordHash).toBeNull();
    await expect(addStaff(deps, { email: "OPS@example.jp", role: "owner" }, SERVER)).rejects.toThrow(
      new StaffError("EMAIL_TAKEN"),
    );
    await expect(addStaff(deps, { email: "nobody", role: "owner" }, SERVER)).rejects.toThrow("INVALID_EMAIL");
    await expect(addStaff(deps, { email: "a@example.jp", role: "admin" }, SERVER)).rejects.toThrow(
      "INVALID_ROLE",
    );
    expect(await auditActions()).toEqual(["staff.added"]);
  });
});

describe("the set-up link", () => {
  it("offers the same secret on every visit, and works once", async () => {
    const { setupToken } = await addStaff(deps, { email: "ops@example.jp", role: "owner" }, SERVER);
    const first = await setupOffer(deps, setupToken, "ソラミル");
    const again = await setupOffer(deps, setupToken, "ソラミル");
    expect(again?.otpSecret).toBe(first?.otpSecret);
    expect(first?.otpauthUrl).toContain("otpauth://totp/");
    const code = totpCode(first?.otpSecret ?? "", t.clock.now().getTime());
    expect(await completeSetup(deps, setupToken, { password: PASSWORD, code }, IP)).toBe("done");
    expect(await setupOffer(deps, setupToken, "ソラミル")).toBeNull();
    expect(await completeSetup(deps, setupToken, { password: PASSWORD, code }, IP)).toBe("invalid-link");
  });

  it("needs a long password that is not the address, and a right code", async () => {
    const { setupToken } = await addStaff(deps, { email: "operator@example.jp", role: "owner" }, SERVER);
    const offer = await setupOffer(deps, setupToken, "ソラミル");
    const code = totpCode(offer?.otpSecret ?? "", t.clock.now().getTime());
    expect(await completeSetup(deps, setupToken, { password: "short", code }, IP)).toBe("weak-password");
    expect(await completeSetup(deps, setupToken, { password: "operator-2026-11", code }, IP)).toBe(
      "weak-password",
    );
    expect(await completeSetup(deps, setupToken, { password: PASSWORD, code: "000000" }, IP)).toBe(
      "wrong-code",
    );
    expect(await completeSetup(deps, setupToken, { password: PASSWORD, code }, IP)).toBe("done");
  });

  it("stops working after 24 hours", async () => {
    const { setupToken } = await addStaff(deps, { email: "ops@example.jp", role: "owner" }, SERVER);
    t.clock.advance(SETUP_LINK_LIFETIME_MS);
    expect(await setupOffer(deps, setupToken, "ソラミル")).toBeNull();
    expect(await completeSetup(deps, setupToken, { password: PASSWORD, code: "123456" }, IP)).toBe(
      "invalid-link",
    );
  });
});

describe("signing in", () => {
  it("needs the password and a fresh authenticator code, and audits both outcomes", async () => {
    const secret = await setUp();
    const code = () => totpCode(secret, t.clock.now().getTime());
    expect(
      await signIn(deps, { email: "ops@example.jp", password: "wrong password!", code: code() }, IP),
    ).toEqual({
      kind: "refused",
    });
    expect(await signIn(deps, { email: "ops@example.jp", password: PASSWORD, code: "000000" }, IP)).toEqual({
      kind: "refused",
    });
    const signedIn = await signIn(deps, { email: "OPS@example.jp", password: PASSWORD, code: code() }, IP);
    expect(signedIn.kind).toBe("signed-in");
    // The same code again is refused: each works once.
    expect((await signIn(deps, { email: "ops@example.jp", password: PASSWORD, code: code() }, IP)).kind).toBe(
      "refused",
    );
    expect(await auditActions()).toEqual([
      "staff.added",
      "staff.setup",
      "staff.signin-failed",
      "staff.signin-failed",
      "staff.signin",
      "staff.signin-failed",
    ]);
  });

  it("lets one of two sign-ins sent at once with the same code in", async () => {
    const secret = await setUp();
    const input = {
      email: "ops@example.jp",
      password: PASSWORD,
      code: totpCode(secret, t.clock.now().getTime()),
    };
    const results = await Promise.all([signIn(deps, input, IP), signIn(deps, input, "198.51.100.9")]);
    expect(results.map((result) => result.kind).sort()).toEqual(["refused", "signed-in"]);
  });

  it("refuses a staff member who has not set up the second factor", async () => {
    await addStaff(deps, { email: "new@example.jp", role: "owner" }, SERVER);
    expect(await signIn(deps, { email: "new@example.jp", password: PASSWORD, code: "123456" }, IP)).toEqual({
      kind: "refused",
    });
    const [failed] = await t.db.select().from(staffAudit).where(eq(staffAudit.action, "staff.signin-failed"));
    expect(failed?.detail).toEqual({ email: "new@example.jp", reason: "not-set-up" });
    expect(failed?.ip).toBe(IP);
  });

  it("slows guessing at one address down without locking it", async () => {
    await setUp();
    const results = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      results.push(
        (await signIn(deps, { email: "ops@example.jp", password: "guess", code: "000000" }, IP)).kind,
      );
    }
    expect(results.slice(0, 5)).toEqual(Array(5).fill("refused"));
    expect(results).toContain("wait");
  });
});

describe("console sessions", () => {
  it("last 12 hours at most and end after 30 minutes unused; signing out ends them", async () => {
    const secret = await setUp();
    const signInNow = async () => {
      const result = await signIn(
        deps,
        { email: "ops@example.jp", password: PASSWORD, code: totpCode(secret, t.clock.now().getTime()) },
        IP,
      );
      if (result.kind !== "signed-in") throw new Error("not signed in");
      t.clock.advance(30_000);
      return result.token;
    };

    const idle = await signInNow();
    expect(await findStaffSession(deps, idle)).toMatchObject({ email: "ops@example.jp", role: "owner" });
    t.clock.advance(STAFF_SESSION_IDLE_MS);
    expect(await findStaffSession(deps, idle)).toBeNull();

    const busy = await signInNow();
    // Used every 20 minutes, it still ends 12 hours after the sign-in.
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect(await findStaffSession(deps, busy)).not.toBeNull();
    }
    t.clock.advance(20 * 60_000);
    expect(await findStaffSession(deps, busy)).toBeNull();

    const ended = await signInNow();
    await endStaffSession(deps, ended, IP);
    expect(await findStaffSession(deps, ended)).toBeNull();
    expect((await auditActions()).at(-1)).toBe("staff.signout");
  });
});

describe("the audit trail's pages", () => {
  it("lists entries newest first, by action and by staff member, page by page", async () => {
    await setUp("a@example.jp");
    await setUp("b@example.jp");
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index++) {
      await signIn(
        deps,
        { email: "a@example.jp", password: "wrong", code: "000000" },
        `192.0.2.${index % 250}`,
      );
      t.clock.advance(60 * 60_000);
    }
    const first = await auditPage(t.db, {});
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]?.action).toBe("staff.signin-failed");
    const rest = await auditPage(t.db, { before: first.nextBefore ?? 0 });
    expect(rest.nextBefore).toBeNull();
    expect(first.entries.length + rest.entries.length).toBe(4 + AUDIT_PAGE_SIZE + 5);
    expect(rest.entries.at(-1)).toMatchObject({ action: "staff.added", staffEmail: null });

    const setups = await auditPage(t.db, { action: "staff.setup" });
    expect(setups.entries.map((entry) => entry.staffEmail)).toEqual(["b@example.jp", "a@example.jp"]);
    const ofB = await auditPage(t.db, { staffEmail: "B@example.jp" });
    expect(ofB.entries.map((entry) => entry.action)).toEqual(["staff.setup"]);
  });
});

describe("managing staff", () => {
  it("lists staff with their set-up state, changes roles and removes, audited with who did it", async () => {
    await setUp("owner@example.jp");
    const owner = (await listStaff(t.db))[0];
    if (!owner) throw new Error("no owner");
    const actor = { staffId: owner.id, ip: IP };
    const { staffId } = await addStaff(deps, { email: "support@example.jp", role: "support" }, actor);
    expect((await listStaff(t.db)).map((row) => [row.email, row.role, row.setUp])).toEqual([
      ["owner@example.jp", "owner", true],
      ["support@example.jp", "support", false],
    ]);
    await changeStaffRole(deps, staffId, "finance", actor);
    expect((await listStaff(t.db))[1]?.role).toBe("finance");
    await expect(changeStaffRole(deps, staffId, "admin", actor)).rejects.toThrow("INVALID_ROLE");
    await removeStaff(deps, staffId, actor);
    expect((await listStaff(t.db)).map((row) => row.email)).toEqual(["owner@example.jp"]);
    await expect(removeStaff(deps, staffId, actor)).rejects.toThrow("NOT_FOUND");
    const trail = await auditPage(t.db, { staffEmail: "owner@example.jp" });
    expect(trail.entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ["staff.removed", { staffId, email: "support@example.jp" }],
      ["staff.role-changed", { staffId, from: "support", to: "finance" }],
      ["staff.added", { staffId, email: "support@example.jp", role: "support" }],
      ["staff.setup", {}],
    ]);
  });

  it("keeps one owner: the last cannot be demoted or removed, and nobody removes themselves", async () => {
    await setUp("first@example.jp");
    const first = (await listStaff(t.db))[0];
    if (!first) throw new Error("no owner");
    const actor = { staffId: first.id, ip: IP };
    await expect(changeStaffRole(deps, first.id, "configuration", actor)).rejects.toThrow("LAST_OWNER");
    await expect(removeStaff(deps, first.id, actor)).rejects.toThrow("SELF");
    const { staffId: second } = await addStaff(deps, { email: "second@example.jp", role: "owner" }, actor);
    // Two owners demoting each other at once: one of them stays an owner.
    await Promise.allSettled([
      changeStaffRole(deps, first.id, "support", actor),
      changeStaffRole(deps, second, "support", { staffId: second, ip: IP }),
    ]);
    const owners = (await listStaff(t.db)).filter((row) => row.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("ends a removed staff member's sessions at once", async () => {
    const secret = await setUp("leaving@example.jp", "support");
    const signedIn = await signIn(
      deps,
      { email: "leaving@example.jp", password: PASSWORD, code: totpCode(secret, t.clock.now().getTime()) },
      IP,
    );
    if (signedIn.kind !== "signed-in") throw new Error("not signed in");
    await removeStaff(deps, signedIn.staff.id, SERVER);
    expect(await findStaffSession(deps, signedIn.token)).toBeNull();
  });
});
