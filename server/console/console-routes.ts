/**
 * The console's sign-in calls under /zapi/console: the set-up link's page and its completion,
 * signing in and out, and who is signed in. The console's session cookie is its own: a member's
 * session opens nothing here, and a staff session nothing of a member's.
 */
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import QRCode from "qrcode";
import type { ConsoleAuditScreenData } from "../../schemas/types/console-audit-screen-data.gen.ts";
import type { ConsoleSetupRequest } from "../../schemas/types/console-setup-request.gen.ts";
import type { ConsoleSetupScreenData } from "../../schemas/types/console-setup-screen-data.gen.ts";
import type { ConsoleSignInRequest } from "../../schemas/types/console-sign-in-request.gen.ts";
import type { ConsoleStaffAddRequest } from "../../schemas/types/console-staff-add-request.gen.ts";
import type { ConsoleStaffListScreenData } from "../../schemas/types/console-staff-list-screen-data.gen.ts";
import type { ConsoleStaffRoleRequest } from "../../schemas/types/console-staff-role-request.gen.ts";
import type { ConsoleStaffScreenData } from "../../schemas/types/console-staff-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError, apiMessage, retryLaterError } from "../kit/messages.ts";
import { clientAddress } from "../kit/request-info.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { isUuid } from "../kit/tokens.ts";
import { readJsonBody, requestLanguage } from "../kit/validation.ts";
import {
  AUDIT_ACTIONS,
  type AuditAction,
  addStaff,
  auditPage,
  type ConsoleDeps,
  changeStaffRole,
  completeSetup,
  endStaffSession,
  findStaffSession,
  isAuditAction,
  listStaff,
  removeStaff,
  STAFF_ROLES,
  StaffError,
  type StaffMember,
  type StaffRole,
  setupOffer,
  signIn,
} from "./staff.ts";

/**
 * `__Host-` binds the cookie to this host (no subdomain can set or shadow it) and requires
 * Secure and Path=/, so it is used when the site is served over https; on the http localhost
 * default the plain name. SameSite=Strict: no other site's page ever needs to send it.
 */
export function consoleCookieName(secure: boolean): string {
  return secure ? "__Host-console" : "console";
}

export const CONSOLE_LOGIN_PATH = "/console/login";

function consoleDeps(c: Context<ApiEnv>): ConsoleDeps {
  const { db, secretBox, passwords, now } = c.get("deps");
  return { db, secretBox, passwords, now };
}

function consoleToken(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, consoleCookieName(c.get("deps").secureCookies));
}

/**
 * The signed-in staff member when their role is one of `roles`: 401 without a console session,
 * 403 for a role the page is not for.
 */
export async function requireRole(c: Context<ApiEnv>, roles: readonly StaffRole[]): Promise<StaffMember> {
  const member = await requireStaff(c);
  if (!roles.includes(member.role)) throw await apiError(c, 403, "CONSOLE_FORBIDDEN", "console.forbidden");
  return member;
}

/** The signed-in staff member, or 401 telling the console's page where to sign in. */
export async function requireStaff(c: Context<ApiEnv>): Promise<StaffMember> {
  const member = await findStaffSession(consoleDeps(c), consoleToken(c));
  if (member) return member;
  throw await apiError(c, 401, "CONSOLE_SIGN_IN_REQUIRED", "console.signInRequired", {
    details: { redirectTo: CONSOLE_LOGIN_PATH },
  });
}

/** 400 VALIDATION_ERROR with the message on its field, as a form's own check would say it. */
async function fieldError(c: Context<ApiEnv>, field: string, key: string): Promise<ApiError> {
  const message = await apiMessage(c, key);
  return new ApiError(400, "VALIDATION_ERROR", message, { errors: [{ field, message }] });
}

/** A staff id from the path; anything but a uuid names nobody (and PostgreSQL would refuse it). */
function staffIdParam(c: Context<ApiEnv>): string {
  const id = c.req.param("staffId") ?? "";
  return isUuid(id) ? id : "00000000-0000-0000-0000-000000000000";
}

/** A staff change's refusal as the API's answer: the field it concerns, or the reason. */
async function staffChange<T>(c: Context<ApiEnv>, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    switch (error.code) {
      case "EMAIL_TAKEN":
        throw await fieldError(c, "email", "console.staffTaken");
      case "INVALID_EMAIL":
        throw await fieldError(c, "email", "console.staffInvalidEmail");
      case "INVALID_ROLE":
        throw await fieldError(c, "role", "console.roleInvalid");
      case "NOT_FOUND":
        throw await apiError(c, 404, "STAFF_NOT_FOUND", "console.staffNotFound");
      case "LAST_OWNER":
        throw await apiError(c, 409, "LAST_OWNER", "console.lastOwner");
      case "SELF":
        throw await apiError(c, 409, "CANNOT_REMOVE_SELF", "console.removeSelf");
    }
  }
}

function issuerOf(c: Context<ApiEnv>): string {
  const { settings } = c.get("deps").store.current();
  const english = requestLanguage(c) === "en" && settings.serviceNameEn;
  return `${english ? settings.serviceNameEn : settings.serviceName} console`;
}

export const consoleRoutes = new Hono<ApiEnv>()
  .get("/setup/screen-data", async (c) => {
    const offer = await setupOffer(consoleDeps(c), c.req.query("token"), issuerOf(c));
    if (!offer) throw await apiError(c, 404, "SETUP_LINK_INVALID", "console.setupLinkInvalid");
    const qrCodeSvg = await QRCode.toString(offer.otpauthUrl, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    return c.json<ConsoleSetupScreenData>({ ...offer, qrCodeSvg });
  })
  .post("/setup", async (c) => {
    const body = await checkRequest<ConsoleSetupRequest>(
      c,
      REQUEST_SCHEMAS.consoleSetup,
      await readJsonBody(c),
    );
    const result = await completeSetup(consoleDeps(c), body.token, body, clientAddress(c));
    if (result === "invalid-link")
      throw await apiError(c, 404, "SETUP_LINK_INVALID", "console.setupLinkInvalid");
    if (result === "weak-password") throw await fieldError(c, "password", "console.setupWeakPassword");
    if (result === "wrong-code") throw await fieldError(c, "code", "console.setupWrongCode");
    return c.json({ redirectTo: CONSOLE_LOGIN_PATH });
  })
  .post("/sign-in", async (c) => {
    const body = await checkRequest<ConsoleSignInRequest>(
      c,
      REQUEST_SCHEMAS.consoleSignIn,
      await readJsonBody(c),
    );
    const result = await signIn(consoleDeps(c), body, clientAddress(c));
    if (result.kind === "wait")
      throw await retryLaterError(c, "TOO_MANY_ATTEMPTS", result.seconds, {}, "login");
    if (result.kind === "refused")
      throw await apiError(c, 401, "CONSOLE_SIGN_IN_FAILED", "console.signInFailed");
    const { secureCookies, now } = c.get("deps");
    setCookie(c, consoleCookieName(secureCookies), result.token, {
      path: "/",
      httpOnly: true,
      secure: secureCookies,
      sameSite: "Strict",
      maxAge: Math.floor((result.expiresAt.getTime() - now().getTime()) / 1000),
    });
    return c.json({ redirectTo: "/console" });
  })
  .post("/sign-out", async (c) => {
    await endStaffSession(consoleDeps(c), consoleToken(c), clientAddress(c));
    const { secureCookies } = c.get("deps");
    deleteCookie(c, consoleCookieName(secureCookies), { path: "/", secure: secureCookies });
    return c.json({ redirectTo: CONSOLE_LOGIN_PATH });
  })
  .get("/audit/screen-data", async (c) => {
    await requireRole(c, ["owner"]);
    const { action, staff: staffEmail, before } = c.req.query();
    const beforeId = before === undefined || before === "" ? undefined : Number(before);
    const validBefore = beforeId === undefined || (Number.isSafeInteger(beforeId) && beforeId > 0);
    const validAction = action === undefined || action === "" || isAuditAction(action);
    if (!validBefore || !validAction || (staffEmail?.length ?? 0) > 254) {
      throw await apiError(c, 400, "VALIDATION_ERROR", "console.auditFilterInvalid");
    }
    const page = await auditPage(c.get("deps").db, {
      action: action ? (action as AuditAction) : undefined,
      staffEmail: staffEmail || undefined,
      before: beforeId,
    });
    return c.json<ConsoleAuditScreenData>({
      entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      nextBefore: page.nextBefore,
      actions: [...AUDIT_ACTIONS],
    });
  })
  .get("/staff/screen-data", async (c) => {
    const me = await requireRole(c, ["owner"]);
    const rows = await listStaff(c.get("deps").db);
    return c.json<ConsoleStaffListScreenData>({
      staff: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      roles: [...STAFF_ROLES],
      me: me.id,
    });
  })
  .post("/staff", async (c) => {
    const me = await requireRole(c, ["owner"]);
    const body = await checkRequest<ConsoleStaffAddRequest>(
      c,
      REQUEST_SCHEMAS.consoleStaffAdd,
      await readJsonBody(c),
    );
    const added = await staffChange(c, () =>
      addStaff(consoleDeps(c), body, { staffId: me.id, ip: clientAddress(c) }),
    );
    const setupLink = `${c.get("deps").publicOrigin}/console/setup?${new URLSearchParams({ token: added.setupToken })}`;
    return c.json({ setupLink, expiresAt: added.expiresAt.toISOString() });
  })
  .post("/staff/:staffId/role", async (c) => {
    const me = await requireRole(c, ["owner"]);
    const body = await checkRequest<ConsoleStaffRoleRequest>(
      c,
      REQUEST_SCHEMAS.consoleStaffRole,
      await readJsonBody(c),
    );
    await staffChange(c, () =>
      changeStaffRole(consoleDeps(c), staffIdParam(c), body.role, { staffId: me.id, ip: clientAddress(c) }),
    );
    return c.json({});
  })
  .post("/staff/:staffId/remove", async (c) => {
    const me = await requireRole(c, ["owner"]);
    await checkRequest(c, REQUEST_SCHEMAS.empty, await readJsonBody(c));
    await staffChange(c, () =>
      removeStaff(consoleDeps(c), staffIdParam(c), { staffId: me.id, ip: clientAddress(c) }),
    );
    return c.json({});
  })
  .get("/me/screen-data", async (c) => {
    const member = await requireStaff(c);
    return c.json<ConsoleStaffScreenData>({ email: member.email, role: member.role });
  });
