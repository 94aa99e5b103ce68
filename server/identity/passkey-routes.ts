/**
 * Passkeys (ADR 0050): signing in with the device's lock, and the member's list of them.
 *
 * Each ceremony is a challenge the server makes, kept in an auth flow bound to this browser by its
 * cookie, taken (deleted) by the one answer that may use it, and good for 5 minutes. The relying
 * party's ID and origin come from the configured public origin, never from the request. Every
 * credential is a discoverable one made with user verification, so a passkey sign-in is a
 * multi-factor login: no second code is asked.
 *
 * - POST /zapi/login/passkey/options, /zapi/login/passkey (and the same under /zapi/oidc)
 * - GET /zapi/internal/mypage/passkeys/screen-data
 * - POST /zapi/account/passkeys/registration-options, /zapi/account/passkeys,
 *   /zapi/account/passkeys/{passkeyId}/rename, /zapi/account/passkeys/{passkeyId}/delete
 *
 * With the store's `login.passkey` off, every one of them answers 404.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { type Context, Hono } from "hono";
import { translatorFor } from "../../locales/language.ts";
import type { PasskeyLoginRequest } from "../../schemas/types/passkey-login-request.gen.ts";
import type { PasskeyRegistrationRequest } from "../../schemas/types/passkey-registration-request.gen.ts";
import type { PasskeyRenameRequest } from "../../schemas/types/passkey-rename-request.gen.ts";
import type { PasskeysScreenData } from "../../schemas/types/passkeys-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { siteOrigin } from "../kit/request-info.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody, requestLanguage } from "../kit/validation.ts";
import { sendMail } from "../mail/send-mail.ts";
import { type Account, findAccountById } from "./accounts.ts";
import { clearFlowCookie, flowToken, setFlowCookie } from "./auth-cookies.ts";
import { type AuthFlow, type PasskeyCeremonyPurpose, startFlow, takeFlow } from "./auth-flows.ts";
import {
  forgetClientFailures,
  giveBackLoginAttempt,
  loginClient,
  recordFailedLogin,
  takeLoginAttempt,
} from "./login-limits.ts";
import { requireMemberAccount } from "./member.ts";
import {
  addPasskey,
  deletePasskey,
  deviceAndBrowserOf,
  findOwnPasskey,
  findPasskeyByCredential,
  MAX_PASSKEYS,
  markPasskeyUsed,
  type Passkey,
  passkeysOf,
  passkeyView,
  renamePasskey,
  waysInOf,
} from "./passkeys.ts";
import { requireRecentAuthentication } from "./reauthentication.ts";
import { logIn } from "./sign-in.ts";

type ApiContext = Context<ApiEnv>;

/** How long a challenge may be answered. */
export const PASSKEY_CHALLENGE_WINDOW_MS = 5 * 60 * 1000;
/** My page's list of passkeys, which the security mails link to. */
export const PASSKEYS_PATH = "/mypage/passkeys";

/** Whether the store takes passkeys (`login.passkey`, off unless set). */
export function passkeysEnabled(c: ApiContext): boolean {
  return c.get("deps").store.current().settings.login.passkey === true;
}

async function requirePasskeys(c: ApiContext): Promise<void> {
  if (!passkeysEnabled(c)) throw await apiError(c, 404, "NOT_FOUND", "notFound");
}

/** The relying party: the configured public origin and its host name. */
function relyingParty(c: ApiContext): { origin: string; rpID: string } {
  const origin = siteOrigin(c);
  return { origin, rpID: new URL(origin).hostname };
}

async function startCeremony(
  c: ApiContext,
  purpose: PasskeyCeremonyPurpose,
  challenge: string,
  accountId: string | null,
): Promise<void> {
  const { db, now } = c.get("deps");
  const { token } = await startFlow(db, purpose, now(), { challenge, accountId });
  setFlowCookie(c, purpose, token);
}

/** This browser's ceremony of the purpose, used up as it is read; null when none, or older than 5 minutes. */
async function takeCeremony(c: ApiContext, purpose: PasskeyCeremonyPurpose): Promise<AuthFlow | null> {
  const { db, now } = c.get("deps");
  const flow = await takeFlow(db, purpose, flowToken(c, purpose), now());
  clearFlowCookie(c, purpose);
  if (!flow?.challenge) return null;
  return now().getTime() - flow.createdAt.getTime() < PASSKEY_CHALLENGE_WINDOW_MS ? flow : null;
}

/** The security mail of a passkey added or removed, to the contact address. */
function mailPasskeyChange(
  c: ApiContext,
  account: Account,
  change: "added" | "removed",
  passkeyName: string,
) {
  const deps = c.get("deps");
  if (!account.contactEmail) return;
  sendMail(deps, {
    to: account.contactEmail,
    language: requestLanguage(c),
    template: "passkeyChanged",
    vars: { changedAt: deps.now(), change, passkeyName, settingsUrl: `${siteOrigin(c)}${PASSKEYS_PATH}` },
  }).catch((error: unknown) => console.error("[passkey] the change notice was not sent", error));
}

/** A new passkey's name: the device and browser it was made on ("iPhone の Safari"). */
async function defaultPasskeyName(c: ApiContext): Promise<string> {
  const made = deviceAndBrowserOf(c.req.header("user-agent") ?? null);
  const t = await translatorFor(requestLanguage(c));
  return made ? t("passkeys.defaultName", made) : t("passkeys.defaultNameUnknown");
}

type AssertionCheck = { passed: true; counter: number; backedUp: boolean } | { passed: false };

/**
 * Checks the assertion against the stored key: origin, RP ID hash, user verification, the
 * signature, and the counter (one that does not move forward means a cloned authenticator, and is
 * logged as such).
 */
async function checkAssertion(
  c: ApiContext,
  credential: PasskeyLoginRequest["credential"],
  challenge: string,
  passkey: Passkey,
): Promise<AssertionCheck> {
  const { origin, rpID } = relyingParty(c);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      // The counter is compared below, where a clone can be told apart from a bad signature.
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: 0,
      },
    });
    if (!verified || !authenticationInfo.userVerified) return { passed: false };
    const { newCounter } = authenticationInfo;
    if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
      console.warn(
        `[passkey] the signature counter of passkey ${passkey.id} went back (${passkey.counter} → ${newCounter}): possibly a cloned authenticator; refused`,
      );
      return { passed: false };
    }
    return { passed: true, counter: newCounter, backedUp: authenticationInfo.credentialBackedUp };
  } catch {
    // A malformed or forged answer: the library says why, the member is told only that it failed.
    return { passed: false };
  }
}

/** POST /login/passkey/options: a challenge for any of the browser's passkeys of this site. */
async function loginOptions(c: ApiContext) {
  await requirePasskeys(c);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c).rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_WINDOW_MS,
  });
  await startCeremony(c, "passkeyLogin", options.challenge, null);
  return c.json(options);
}

/**
 * POST /login/passkey: the signed challenge. Counted on the login limits like a password (by the
 * account the credential names, or by the credential when it names none); every failure gets the
 * same answer whoever's credential it names.
 */
async function passkeyLogin(c: ApiContext) {
  await requirePasskeys(c);
  const { db, now } = c.get("deps");
  const { credential } = await checkRequest<PasskeyLoginRequest>(
    c,
    REQUEST_SCHEMAS.passkeyLogin,
    await readJsonBody(c),
  );
  const flow = await takeCeremony(c, "passkeyLogin");
  const passkey = await findPasskeyByCredential(db, credential.id);
  const account = passkey ? await findAccountById(db, passkey.accountId) : null;
  const identifier = passkey?.name ?? `passkey:${credential.id.slice(0, 64)}`;
  const client = await loginClient(c, account, identifier);
  // Nothing to guess and no password to spray: the site-wide failure rate does not apply.
  const attempt = await takeLoginAttempt(c, client, { method: "Passkey", siteRate: "skip" });
  const check =
    flow?.challenge && passkey && account
      ? await checkAssertion(c, credential, flow.challenge, passkey)
      : ({ passed: false } as const);
  if (!check.passed || !passkey || !account) {
    await recordFailedLogin(c, client, { method: "Passkey", failure: "bad-credentials" });
    throw await apiError(c, 401, "PASSKEY_LOGIN_FAILED", "passkey.loginFailed");
  }
  await giveBackLoginAttempt(c, client, attempt);
  if (account.loginProhibitedAt) {
    await recordFailedLogin(c, client, { method: "Passkey", failure: "prohibited" });
    throw await apiError(c, 403, "LOGIN_PROHIBITED", "loginProhibited");
  }
  await markPasskeyUsed(db, passkey.id, { counter: check.counter, backedUp: check.backedUp, now: now() });
  await forgetClientFailures(c, client);
  return c.json(await logIn(c, account, { method: "Passkey", identifier }));
}

/** The login calls, mounted at / and at /oidc (the login provider's login). */
export const passkeyLoginCalls = new Hono<ApiEnv>()
  .post("/login/passkey/options", loginOptions)
  .post("/login/passkey", passkeyLogin);

/** The member's passkey, or 404 (another member's included). */
async function ownPasskey(c: ApiContext, account: Account): Promise<Passkey> {
  const passkey = await findOwnPasskey(c.get("deps").db, account.id, c.req.param("passkeyId") ?? "");
  if (!passkey) throw await apiError(c, 404, "PASSKEY_NOT_FOUND", "passkey.notFound");
  return passkey;
}

/** The member's passkeys, for my page (calls under /zapi/account). */
export const passkeySettings = new Hono<ApiEnv>()
  /** A challenge to make a new passkey: only within the re-authentication window. */
  .post("/passkeys/registration-options", async (c) => {
    await requirePasskeys(c);
    const account = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const existing = await passkeysOf(c.get("deps").db, account.id);
    if (existing.length >= MAX_PASSKEYS) {
      throw await apiError(c, 409, "PASSKEY_LIMIT", "passkey.tooMany", { params: { max: MAX_PASSKEYS } });
    }
    const { settings } = c.get("deps").store.current();
    const userName = account.contactEmail ?? account.userId ?? account.publicId;
    const options = await generateRegistrationOptions({
      rpName:
        requestLanguage(c) === "en" ? (settings.serviceNameEn ?? settings.serviceName) : settings.serviceName,
      rpID: relyingParty(c).rpID,
      userID: isoUint8Array.fromUTF8String(account.publicId),
      userName,
      userDisplayName: account.nickname || userName,
      attestationType: "none",
      // The browser refuses to make a second passkey on an authenticator that holds one already.
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      timeout: PASSKEY_CHALLENGE_WINDOW_MS,
    });
    await startCeremony(c, "passkeyRegistration", options.challenge, account.id);
    return c.json(options);
  })
  /** The new credential, checked against this browser's challenge, kept, and mailed about. */
  .post("/passkeys", async (c) => {
    await requirePasskeys(c);
    const account = await requireMemberAccount(c);
    await requireRecentAuthentication(c);
    const { db, now } = c.get("deps");
    const { credential } = await checkRequest<PasskeyRegistrationRequest>(
      c,
      REQUEST_SCHEMAS.passkeyRegistration,
      await readJsonBody(c),
    );
    const flow = await takeCeremony(c, "passkeyRegistration");
    const failed = () => apiError(c, 400, "PASSKEY_REGISTRATION_FAILED", "passkey.registrationFailed");
    if (!flow?.challenge || flow.accountId !== account.id) throw await failed();
    const { origin, rpID } = relyingParty(c);
    const verification = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: flow.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null);
    const info = verification?.verified ? verification.registrationInfo : undefined;
    if (!info) throw await failed();
    if ((await passkeysOf(db, account.id)).length >= MAX_PASSKEYS) {
      throw await apiError(c, 409, "PASSKEY_LIMIT", "passkey.tooMany", { params: { max: MAX_PASSKEYS } });
    }
    const added = await addPasskey(db, {
      accountId: account.id,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      backedUp: info.credentialBackedUp,
      name: await defaultPasskeyName(c),
      now: now(),
    });
    if (!added) throw await apiError(c, 409, "PASSKEY_ALREADY_REGISTERED", "passkey.alreadyRegistered");
    mailPasskeyChange(c, account, "added", added.name);
    return c.json({ passkey: passkeyView(added) });
  })
  .post("/passkeys/:passkeyId/rename", async (c) => {
    await requirePasskeys(c);
    const account = await requireMemberAccount(c);
    const passkey = await ownPasskey(c, account);
    const { name } = await checkRequest<PasskeyRenameRequest>(
      c,
      REQUEST_SCHEMAS.passkeyRename,
      await readJsonBody(c),
    );
    await renamePasskey(c.get("deps").db, passkey.id, name);
    return c.json({});
  })
  /** Deletes a passkey, unless it is the member's last way in. */
  .post("/passkeys/:passkeyId/delete", async (c) => {
    await requirePasskeys(c);
    const account = await requireMemberAccount(c);
    const passkey = await ownPasskey(c, account);
    const deps = c.get("deps");
    const ways = await waysInOf(deps.db, account, {
      passwordsEnabled: deps.store.current().settings.features.isEnabledPassword,
      passkeysEnabled: true,
    });
    if (ways <= 1) throw await apiError(c, 409, "PASSKEY_LAST", "passkey.lastWayIn");
    await deletePasskey(deps.db, passkey.id);
    mailPasskeyChange(c, account, "removed", passkey.name);
    return c.json({});
  });

/** GET /zapi/internal/mypage/passkeys/screen-data: the member's passkeys and what they may do. */
export const passkeysScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  await requirePasskeys(c);
  const account = await requireMemberAccount(c);
  const deps = c.get("deps");
  const list = await passkeysOf(deps.db, account.id);
  const ways = await waysInOf(deps.db, account, {
    passwordsEnabled: deps.store.current().settings.features.isEnabledPassword,
    passkeysEnabled: true,
  });
  return c.json<PasskeysScreenData>({
    passkeys: list.map(passkeyView),
    isDeleteAllowed: ways > 1,
    isAddAllowed: list.length < MAX_PASSKEYS,
  });
});
