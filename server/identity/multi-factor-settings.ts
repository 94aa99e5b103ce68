/**
 * A member's multi-factor settings (issue 27 §3; spec §2 /mypage/multi-factor, §3 MFA setup data,
 * §7 enable-multi-factor, with-backup-code, backup-code-regenerate, disable-multi-factor).
 *
 * What the member is shown and then confirms never comes back from the browser as truth: the
 * authenticator secret and the backup codes are made by the server when their page opens, kept in
 * a flow bound to the member and this browser (the secret sealed), and the confirming call must
 * match them. Every change mails a notice to the contact address.
 */

import { type Context, Hono } from "hono";
import QRCode from "qrcode";
import { buildOtpSetupForm, buildSmsSetupForm } from "../../schemas/forms/codes.ts";
import { ruleOf } from "../../schemas/forms/registration.ts";
import type { BackupCodeCountScreenData } from "../../schemas/types/backup-code-count-screen-data.gen.ts";
import type { BackupCodeListScreenData } from "../../schemas/types/backup-code-list-screen-data.gen.ts";
import type { EnableMultiFactorRequest } from "../../schemas/types/enable-multi-factor-request.gen.ts";
import type { MultiFactorEmailScreenData } from "../../schemas/types/multi-factor-email-screen-data.gen.ts";
import type { MultiFactorSettingsScreenData } from "../../schemas/types/multi-factor-settings-screen-data.gen.ts";
import type { MultiFactorSmsScreenData } from "../../schemas/types/multi-factor-sms-screen-data.gen.ts";
import type { OtpSetupScreenData } from "../../schemas/types/otp-setup-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { siteOrigin } from "../kit/request-info.ts";
import { asRecord, checkRequest, pick, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { acceptedOtpStep, newOtpSecret, otpauthUrl } from "../kit/totp.ts";
import { readJsonBody, requestLanguage, validateRequestData } from "../kit/validation.ts";
import { sendMail } from "../mail/send-mail.ts";
import type { Account } from "./accounts.ts";
import { lastCodeIssuedAt, resendAvailableAt } from "./auth-codes.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "./auth-cookies.ts";
import { type AuthFlow, endFlow, findFlow, type MultiFactorSetupPurpose, startFlow } from "./auth-flows.ts";
import { mailDeps, spendIssuedCode } from "./code-mail.ts";
import { maskPhoneNumber, textCode } from "./code-sms.ts";
import { requireMemberAccount } from "./member.ts";
import { multiFactorStateOf, offeredMethods } from "./multi-factor-login.ts";
import {
  disableMethod,
  enabledMethods,
  enableMethod,
  enableMethodWithBackupCodes,
  isMultiFactorMethodType,
  type MethodDetails,
  type MultiFactorMethodType,
  newBackupCodes,
  remainingBackupCodes,
  storeBackupCodes,
} from "./multi-factor-methods.ts";
import { requireRecentAuthentication } from "./reauthentication.ts";

type ApiContext = Context<ApiEnv>;

export const MULTI_FACTOR_SETTINGS_PATH = "/mypage/multi-factor";
const COMPLETE_PATH = `${MULTI_FACTOR_SETTINGS_PATH}/complete`;
const GENERATE_PATH = `${MULTI_FACTOR_SETTINGS_PATH}/backup-code/generate`;
const SMS_CODE_PATH = `${MULTI_FACTOR_SETTINGS_PATH}/sms/code`;

/** The method names the notice mail uses, by language. */
const METHOD_NAMES: Record<"ja" | "en", Record<MultiFactorMethodType, string>> = {
  ja: { Email: "メール", SMS: "SMS", OTP: "認証アプリ" },
  en: { Email: "e-mail", SMS: "SMS", OTP: "an authenticator app" },
};

function mailNotice(
  c: ApiContext,
  account: Account,
  change: "enabled" | "disabled" | "backupCodes",
  type: MultiFactorMethodType | null,
) {
  const deps = c.get("deps");
  if (!account.contactEmail) return;
  const language = requestLanguage(c);
  sendMail(mailDeps(deps, true), {
    to: account.contactEmail,
    language,
    template: "multiFactorChanged",
    vars: {
      changedAt: deps.now(),
      change,
      methodName: type ? METHOD_NAMES[language][type] : null,
      settingsUrl: `${siteOrigin(c)}${MULTI_FACTOR_SETTINGS_PATH}`,
    },
  }).catch((error: unknown) => console.error("[mfa] the change notice was not sent", error));
}

/** This browser's set-up flow of the purpose for the member, or null. */
async function setupFlow(
  c: ApiContext,
  account: Account,
  purpose: MultiFactorSetupPurpose,
): Promise<AuthFlow | null> {
  const { db, now } = c.get("deps");
  const flow = await findFlow(db, purpose, flowToken(c, purpose), now());
  return flow?.accountId === account.id && flow.pendingSecret ? flow : null;
}

/** Starts a set-up flow holding `secret` sealed, replacing this browser's earlier one. */
async function startSetupFlow(
  c: ApiContext,
  account: Account,
  purpose: MultiFactorSetupPurpose,
  secret: string,
): Promise<AuthFlow> {
  const { db, now, secretBox } = c.get("deps");
  const previous = await findFlow(db, purpose, flowToken(c, purpose), now());
  if (previous) await endFlow(db, previous.id);
  const { token, flow } = await startFlow(db, purpose, now(), {
    accountId: account.id,
    pendingSecret: secretBox.seal(secret),
  });
  setFlowCookie(c, purpose, token);
  return flow;
}

async function endSetupFlow(c: ApiContext, flow: AuthFlow, purpose: MultiFactorSetupPurpose) {
  await endFlow(c.get("deps").db, flow.id);
  clearFlowCookie(c, purpose);
}

/** A method proved and ready to be enabled, with what it keeps. */
interface ProvedMethod {
  type: MultiFactorMethodType;
  details: MethodDetails;
}

/**
 * What the backup-code page shows, kept sealed in this browser's flow until the member confirms
 * having saved it: the codes, and the first method, which is enabled only together with them.
 */
interface BackupCodesSetup {
  flow: AuthFlow;
  codes: string[];
  pending: ProvedMethod | null;
}

async function backupCodesSetup(c: ApiContext, account: Account): Promise<BackupCodesSetup | null> {
  const flow = await setupFlow(c, account, "backupCodes");
  if (!flow?.pendingSecret) return null;
  const kept = asRecord(JSON.parse(c.get("deps").secretBox.open(flow.pendingSecret)));
  const codes = Array.isArray(kept.codes) ? kept.codes.filter((code) => typeof code === "string") : [];
  const pending = asRecord(kept.pending);
  return {
    flow,
    codes,
    pending: isMultiFactorMethodType(pending.type)
      ? { type: pending.type, details: asRecord(pending.details) as MethodDetails }
      : null,
  };
}

async function startBackupCodesSetup(c: ApiContext, account: Account, pending: ProvedMethod | null) {
  const codes = newBackupCodes();
  await startSetupFlow(c, account, "backupCodes", JSON.stringify({ codes, pending }));
  return codes;
}

/**
 * Enables a proved method, or — for a member without backup codes — keeps it for the backup-code
 * page, which enables it with the codes once they are confirmed saved (spec §4; issue 41 §2).
 */
async function enableOrAskForCodes(
  c: ApiContext,
  account: Account,
  method: ProvedMethod,
): Promise<{ redirectTo: string }> {
  const { db, now } = c.get("deps");
  if ((await remainingBackupCodes(db, account.id)) === 0) {
    await startBackupCodesSetup(c, account, method);
    return { redirectTo: GENERATE_PATH };
  }
  await enableMethod(db, account.id, method.type, method.details, now());
  mailNotice(c, account, "enabled", method.type);
  return { redirectTo: COMPLETE_PATH };
}

/** The authenticator set-up this browser holds for the member: the secret, or a new one. */
async function otpSetup(c: ApiContext, account: Account) {
  const { secretBox, store } = c.get("deps");
  const flow = await setupFlow(c, account, "otpSetup");
  // A reload keeps the secret: an app that scanned it a moment ago stays right.
  const secret = flow?.pendingSecret ? secretBox.open(flow.pendingSecret) : newOtpSecret();
  if (!flow) await startSetupFlow(c, account, "otpSetup", secret);
  const { settings } = store.current();
  const issuer =
    requestLanguage(c) === "en" && settings.serviceNameEn ? settings.serviceNameEn : settings.serviceName;
  const url = otpauthUrl(
    secret,
    account.contactEmail ?? account.email ?? account.userId ?? account.publicId,
    issuer,
  );
  return { secret, url };
}

/** Screen data of /mypage/multi-factor and its pages (mounted at /zapi/internal/mypage/multi-factor). */
export const multiFactorScreenData = new Hono<ApiEnv>()
  /** The rows: each method the store offers with its state, and the backup codes while one is on. */
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const offered = offeredMethods(c);
    if (offered.length === 0) return c.json({ redirectTo: "/mypage" });
    const { types, defaultType } = await multiFactorStateOf(c, account);
    return c.json<MultiFactorSettingsScreenData>({
      methods: offered.map((type) => ({ type, isEnabled: types.includes(type) })),
      multiFactorType: types,
      defaultMultiFactorType: defaultType,
      isEmailVerified: account.emailVerifiedAt !== null,
      backupCodeCount: types.length > 0 ? await remainingBackupCodes(c.get("deps").db, account.id) : null,
    });
  })
  /** The e-mail method's page: it can be enabled only for a verified address (spec §6). */
  .get("/email/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (!offeredMethods(c).includes("Email")) return c.json({ redirectTo: MULTI_FACTOR_SETTINGS_PATH });
    const enabled = await enabledMethods(c.get("deps").db, account.id);
    return c.json<MultiFactorEmailScreenData>({
      contactEmail: account.contactEmail,
      isEmailVerified: account.emailVerifiedAt !== null && account.contactEmail !== null,
      isEnabled: enabled.some((method) => method.type === "Email"),
    });
  })
  /**
   * The SMS method's page: the number its codes would go to (masked), or — without one — whether
   * the member can add one on the profile page (the store uses the phone field).
   */
  .get("/sms/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (!offeredMethods(c).includes("SMS")) return c.json({ redirectTo: MULTI_FACTOR_SETTINGS_PATH });
    const { settings } = c.get("deps").store.current();
    const enabled = await enabledMethods(c.get("deps").db, account.id);
    const sms = enabled.find((method) => method.type === "SMS");
    return c.json<MultiFactorSmsScreenData>({
      phoneNumber: account.phoneNumber ? maskPhoneNumber(account.phoneNumber) : null,
      canAddPhoneNumber: ruleOf(settings.accountRegistrationSetting, "phoneNumber") !== "NOT_USE",
      isEnabled: sms !== undefined,
      enabledPhoneNumber: sms?.phoneNumber ? maskPhoneNumber(sms.phoneNumber) : null,
    });
  })
  /** Where the set-up code went (masked) and when it can be sent again; without one, back a step. */
  .get("/sms/code/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db, secretBox } = c.get("deps");
    const flow = await setupFlow(c, account, "smsSetup");
    const sentAt = flow ? await lastCodeIssuedAt(db, flow.id, "multiFactorSms") : null;
    if (!flow?.pendingSecret || !sentAt || !offeredMethods(c).includes("SMS")) {
      return c.json({ redirectTo: `${MULTI_FACTOR_SETTINGS_PATH}/sms` });
    }
    return c.json({
      sendTo: maskPhoneNumber(secretBox.open(flow.pendingSecret)),
      resendAvailableAt: resendAvailableAt(sentAt),
    });
  })
  /**
   * The authenticator app's set-up (spec §3 MFA setup data): the secret for manual entry, the
   * otpauth URL and its QR code, drawn here as SVG so that the page needs no script for it.
   */
  .get("/otp/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (!offeredMethods(c).includes("OTP")) return c.json({ redirectTo: MULTI_FACTOR_SETTINGS_PATH });
    const { secret, url } = await otpSetup(c, account);
    const hasCodes = (await remainingBackupCodes(c.get("deps").db, account.id)) > 0;
    return c.json<OtpSetupScreenData>({
      multiFactorType: "OTP",
      secret,
      otpauthUrl: url,
      qrCodeSvg: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
      isRegistration: !hasCodes,
    });
  })
  /** How many backup codes remain; only while a method is on. */
  .get("/backup-code/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db } = c.get("deps");
    if ((await enabledMethods(db, account.id)).length === 0)
      return c.json({ redirectTo: MULTI_FACTOR_SETTINGS_PATH });
    return c.json<BackupCodeCountScreenData>({ backupCodeCount: await remainingBackupCodes(db, account.id) });
  })
  /**
   * Backup codes to show (spec §3 backupCodeList, isRegistration): new ones, kept in this browser's
   * flow until the member confirms having saved them. A reload, or the page shown again after a
   * refused post, shows the same set: the set shown is the set registered (issue 41 §3).
   */
  .get("/backup-code/generate/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db } = c.get("deps");
    const setup = await backupCodesSetup(c, account);
    if (!setup?.pending && (await enabledMethods(db, account.id)).length === 0)
      return c.json({ redirectTo: MULTI_FACTOR_SETTINGS_PATH });
    const codes = setup?.codes ?? (await startBackupCodesSetup(c, account, null));
    return c.json<BackupCodeListScreenData>({
      backupCodeList: codes,
      isRegistration: (await remainingBackupCodes(db, account.id)) === 0,
    });
  });

/**
 * Proves the method for the member and answers what it keeps, or answers where the member goes
 * first (a code to prove first); refuses what does not prove the method.
 */
type Enabler = (
  c: ApiContext,
  account: Account,
  request: EnableMultiFactorRequest,
) => Promise<{ redirectTo: string } | { details: MethodDetails }>;

const ENABLERS: Record<MultiFactorMethodType, Enabler> = {
  /** E-mail: the address must be verified (spec §6). */
  async Email(c, account) {
    if (!account.emailVerifiedAt || !account.contactEmail) {
      throw await apiError(c, 400, "EMAIL_NOT_VERIFIED", "emailNotVerified");
    }
    return { details: {} };
  },
  /** Authenticator app: a code from the secret this browser's set-up holds. */
  async OTP(c, account, request) {
    const deps = c.get("deps");
    const flow = await setupFlow(c, account, "otpSetup");
    if (!flow?.pendingSecret) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    const secret = deps.secretBox.open(flow.pendingSecret);
    // The browser may echo the secret it showed (spec §7); it must be the one this flow holds.
    if (request.secret !== undefined && request.secret !== secret) {
      throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    }
    const step = acceptedOtpStep(secret, request.token ?? "", deps.now(), null);
    if (step === null) throw await apiError(c, 400, "MULTI_FACTOR_ERROR", "multiFactorFailed");
    await endSetupFlow(c, flow, "otpSetup");
    return { details: { otpSecret: deps.secretBox.seal(secret), otpLastStep: step } };
  },
  /**
   * SMS: without a token, texts a code to the account's phone number (again, for a resend) and
   * sends the member to enter it; with one, the code proves the number it went to, which the
   * method keeps (a later profile edit does not redirect the codes).
   */
  async SMS(c, account, request) {
    const { secretBox } = c.get("deps");
    const flow = await setupFlow(c, account, "smsSetup");
    if (request.token === undefined) {
      const phoneNumber = account.phoneNumber;
      if (!phoneNumber) throw await apiError(c, 400, "PHONE_NUMBER_MISSING", "phoneNumberMissing");
      const current =
        flow?.pendingSecret && secretBox.open(flow.pendingSecret) === phoneNumber
          ? flow
          : await startSetupFlow(c, account, "smsSetup", phoneNumber);
      await textCode(c, current, phoneNumber);
      return { redirectTo: SMS_CODE_PATH };
    }
    if (!flow?.pendingSecret) throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
    await spendIssuedCode(c, flow, "multiFactorSms", request.token);
    const phoneNumber = secretBox.open(flow.pendingSecret);
    await endSetupFlow(c, flow, "smsSetup");
    return { details: { phoneNumber } };
  },
};

/** The calls (mounted at /zapi/account). */
export const multiFactorSettings = new Hono<ApiEnv>()
  .post("/enable-multi-factor", async (c) => {
    const account = await requireMemberAccount(c);
    const body = await readJsonBody(c);
    const type = asRecord(body).multiFactorType;
    // A code first, with its form's own message (6桁のワンタイムパスワード…).
    const codeForm = type === "OTP" ? buildOtpSetupForm : type === "SMS" ? buildSmsSetupForm : null;
    if (codeForm && (type === "OTP" || asRecord(body).token !== undefined)) {
      await validateRequestData(
        c,
        codeForm({}, c.get("deps").store.current().version),
        pick(body, ["token"]),
      );
    }
    const request = await checkRequest<EnableMultiFactorRequest>(c, REQUEST_SCHEMAS.enableMultiFactor, body);
    if (!isMultiFactorMethodType(type) || !offeredMethods(c).includes(type)) {
      throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    }
    const outcome = await ENABLERS[type](c, account, request);
    if ("redirectTo" in outcome) return c.json(outcome);
    return c.json(await enableOrAskForCodes(c, account, { type, details: outcome.details }));
  })
  .post("/enable-multi-factor/with-backup-code", (c) => registerBackupCodes(c, "registration"))
  .post("/backup-code-regenerate", (c) => registerBackupCodes(c, "regeneration"))
  .post("/disable-multi-factor", async (c) => {
    const account = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const deps = c.get("deps");
    const body = await readJsonBody(c);
    await checkRequest(c, REQUEST_SCHEMAS.disableMultiFactor, body);
    const type = asRecord(body).multiFactorType;
    if (!isMultiFactorMethodType(type)) throw await apiError(c, 403, "FORBIDDEN", "featureUnavailable");
    const enabled = await enabledMethods(deps.db, account.id);
    if (!enabled.some((method) => method.type === type)) {
      throw await apiError(c, 400, "MULTI_FACTOR_NOT_ENABLED", "multiFactorNotEnabled");
    }
    await disableMethod(deps.db, account.id, type);
    mailNotice(c, account, "disabled", type);
    return c.json({ redirectTo: COMPLETE_PATH });
  });

/**
 * Stores the backup codes the generation page showed, once the member confirms having saved them,
 * and enables the first method that waited for them. The list sent must be the one this browser's
 * flow holds: the browser cannot choose its codes.
 */
async function registerBackupCodes(c: ApiContext, kind: "registration" | "regeneration") {
  const account = await requireMemberAccount(c);
  // New codes replace the old ones: a stolen session must not mint its own (issue 39 §4).
  if (kind === "regeneration") await requireRecentAuthentication(c);
  const deps = c.get("deps");
  const body = await readJsonBody(c);
  await checkRequest(c, REQUEST_SCHEMAS.backupCodeList, body);
  const sent = asRecord(body).backupCodeList as string[];
  const setup = await backupCodesSetup(c, account);
  if (!setup?.pending && (await enabledMethods(deps.db, account.id)).length === 0) {
    throw await apiError(c, 400, "MULTI_FACTOR_NOT_ENABLED", "multiFactorNotEnabled");
  }
  const shown = setup?.codes ?? [];
  if (
    !setup ||
    shown.length === 0 ||
    shown.length !== sent.length ||
    shown.some((code, index) => code !== sent[index]?.toLowerCase())
  ) {
    throw await apiError(c, 400, "AUTH_FLOW_EXPIRED", "flowExpired");
  }
  if (setup.pending) {
    await enableMethodWithBackupCodes(deps.db, deps.secretBox, account.id, setup.pending, shown, deps.now());
    await endSetupFlow(c, setup.flow, "backupCodes");
    mailNotice(c, account, "enabled", setup.pending.type);
    return c.json({ redirectTo: COMPLETE_PATH });
  }
  const hadCodes = (await remainingBackupCodes(deps.db, account.id)) > 0;
  await storeBackupCodes(deps.db, deps.secretBox, account.id, shown, deps.now());
  await endSetupFlow(c, setup.flow, "backupCodes");
  if (hadCodes || kind === "regeneration") mailNotice(c, account, "backupCodes", null);
  return c.json({ redirectTo: COMPLETE_PATH });
}
