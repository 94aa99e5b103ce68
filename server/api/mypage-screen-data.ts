import { type Context, Hono } from "hono";
import { fromRegistrationPayload } from "../../schemas/forms/registration.ts";
import type { Account as AccountView } from "../../schemas/types/account.gen.ts";
import type { ConsentScreenData } from "../../schemas/types/consent-screen-data.gen.ts";
import type { LoginHistoryScreenData } from "../../schemas/types/login-history-screen-data.gen.ts";
import type { MypageScreenData } from "../../schemas/types/mypage-screen-data.gen.ts";
import type { ProfileImageScreenData } from "../../schemas/types/profile-image-screen-data.gen.ts";
import { heldContracts } from "../commerce/plans.ts";
import { registrationEditForm } from "../identity/account.ts";
import { type Account, accountPasswordStrength, registrationOf } from "../identity/accounts.ts";
import type { MemberFlowPurpose } from "../identity/auth-flows.ts";
import {
  consentOptionsFor,
  consentOptionsOf,
  consentStates,
  consentTypeOf,
  isConsentTypeEnabled,
} from "../identity/consents.ts";
import { decodeCursor, readLoginHistory } from "../identity/login-history.ts";
import {
  currentMember,
  memberProfileImageUrl,
  requireMember,
  requireMemberAccount,
} from "../identity/member.ts";
import { findMemberFlow, mailMemberCode } from "../identity/member-flows.ts";
import { multiFactorStateOf, offeredMethods } from "../identity/multi-factor-login.ts";
import type { MultiFactorMethodType } from "../identity/multi-factor-methods.ts";
import { outstandingPolicies, PRIVACY_POLICY_ID, policiesInForce } from "../identity/policy-records.ts";
import { POLICY_CONSENT_PATH } from "../identity/sign-in.ts";
import { ApiError } from "../kit/errors.ts";
import { clientAddress } from "../kit/request-info.ts";
import { requestLanguage } from "../kit/validation.ts";
import { externalAccountsOf } from "../social/social-routes.ts";
import type { StoreSettings } from "../store/validate-settings.ts";
import type { ApiEnv } from "./context.ts";

/** The account as the account screens receive it (schemas/account.schema.json, spec §3 Account). */
export function toAccountView(
  account: Account,
  settings: StoreSettings,
  profileImageUrl: string | null,
  multiFactor: {
    types: MultiFactorMethodType[];
    defaultType: MultiFactorMethodType | null;
    offered: boolean;
  },
): AccountView {
  return {
    contactEmail: account.contactEmail,
    email: account.email,
    isEmailVerified: account.emailVerifiedAt !== null,
    emailVerifiedDate: account.emailVerifiedAt?.toISOString() ?? null,
    userId: account.userId,
    userIdentifiers: account.email
      ? [{ userIdentifierType: "Email", userIdentifierName: account.email }]
      : [],
    passwordUpdatedAt: account.passwordUpdatedAt?.toISOString() ?? null,
    ...(account.passwordStrength ? { passwordStrength: account.passwordStrength } : {}),
    profileImageUrl,
    multiFactorType: multiFactor.types,
    defaultMultiFactorType: multiFactor.defaultType,
    // Like isEnabledPassword and isEnabledUserId: whether the store offers it.
    isEnabledMultiFactor: multiFactor.offered,
    isEnabledPassword: settings.features.isEnabledPassword,
    isEnabledUserId: settings.features.isEnabledUserId,
    customAssociatedInfo: account.customAssociatedInfo,
    familyName: account.familyName,
    givenName: account.givenName,
    familyNameKana: account.familyNameKana,
    givenNameKana: account.givenNameKana,
    name: account.name,
    nameKana: account.nameKana,
    nickname: account.nickname,
    birthday: account.birthday,
    sex: account.sex,
    phoneNumber: account.phoneNumber,
    country: account.country,
    postalCode: account.postalCode,
    prefecture: account.prefecture,
    address: account.address,
    address2: account.address2,
  };
}

/**
 * Mails a page's first code as the page opens. A refusal (a code went to the mailbox moments ago,
 * too many mails) still shows the page: its resend button says why when pressed.
 */
async function mailOnArrival(
  c: Context<ApiEnv>,
  accountId: string,
  purpose: MemberFlowPurpose,
  to: string,
): Promise<void> {
  try {
    await mailMemberCode(c, accountId, purpose, to);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429)) throw error;
  }
}

/**
 * /mypage: the member's account. A member who has not agreed to a revised policy is sent to
 * agree first (issue 4 §4).
 */
export const mypageScreenData = new Hono<ApiEnv>()
  .get("/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db, store, policies, now } = c.get("deps");
    const revised = await outstandingPolicies(db, account.id, policies.current(), now(), requestLanguage(c));
    if (revised.length > 0) return c.json({ redirectTo: POLICY_CONSENT_PATH });
    const image = memberProfileImageUrl(await currentMember(c));
    const multiFactor = { ...(await multiFactorStateOf(c, account)), offered: offeredMethods(c).length > 0 };
    const { settings } = store.current();
    return c.json<MypageScreenData>({
      account: toAccountView(account, settings, image, multiFactor),
      // The newsletter and privacy rows say how many of their switches are on (issue 41 §16).
      consentStates: await consentStates(db, account.id, settings),
      // Spec §2 /mypage: the contracted plans (the page hides them in the native app).
      contracts: await heldContracts(c, account.id),
      // The external ID list (issue 48 §3; hidden in the native app too).
      ...(await externalAccountsOf(c, account)),
    });
  })
  /**
   * /mypage/edit: the account's registration info as the store's edit form holds it (fields the
   * store does not use and empty ones left out).
   */
  .get("/edit/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const form = registrationEditForm(c);
    const fields = new Set(Object.keys(form.schema.properties ?? {}));
    const data = fromRegistrationPayload(form, registrationOf(account)) as Record<string, unknown>;
    const values = Object.fromEntries(
      Object.entries(data).filter(
        ([name, value]) => fields.has(name) && value !== null && value !== undefined,
      ),
    );
    return c.json({ values });
  })
  /**
   * /mypage/email/edit: the current address, which the new one must differ from. A store that has
   * members change their address elsewhere (features.emailEditUrl) has no such page.
   */
  .get("/email/edit/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (c.get("deps").store.current().settings.features.emailEditUrl)
      return c.json({ redirectTo: "/mypage" });
    return c.json({ email: account.email, contactEmail: account.contactEmail });
  })
  /** /mypage/email/edit/pin-code: the new address the code went to; without one, the first step. */
  .get("/email/edit/pin-code/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const flow = await findMemberFlow(c, account.id, "mailEdit");
    if (!flow) return c.json({ redirectTo: "/mypage/email/edit" });
    return c.json({ email: flow.email });
  })
  /**
   * /mypage/email/verify (and /code): opening the page mails the code to the contact address,
   * once per flow (a reload does not mail again; the page's resend button does). A verified
   * address has nothing to verify.
   */
  .get("/email/verify/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    if (account.emailVerifiedAt || !account.contactEmail) return c.json({ redirectTo: "/mypage" });
    if (!(await findMemberFlow(c, account.id, "mailVerify"))) {
      await mailOnArrival(c, account.id, "mailVerify", account.contactEmail);
    }
    return c.json({ contactEmail: account.contactEmail, isEmailVerified: false });
  })
  /**
   * /mypage/enable-password: for an account without a password, on a store that uses passwords;
   * opening the page mails the code to the contact address (once per flow, as verification does).
   */
  .get("/enable-password/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { settings } = c.get("deps").store.current();
    if (account.passwordHash) return c.json({ redirectTo: "/mypage/password/edit" });
    if (!settings.features.isEnabledPassword || !account.contactEmail)
      return c.json({ redirectTo: "/mypage" });
    if (!(await findMemberFlow(c, account.id, "passwordSetting"))) {
      await mailOnArrival(c, account.id, "passwordSetting", account.contactEmail);
    }
    return c.json({ contactEmail: account.contactEmail });
  })
  /**
   * /mypage/user-id/edit: the current user ID, which the new one must differ from; only for
   * accounts that log in by e-mail and password, on a store that uses user IDs.
   */
  .get("/user-id/edit/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { settings } = c.get("deps").store.current();
    if (!settings.features.isEnabledUserId || !account.email || !account.passwordHash) {
      return c.json({ redirectTo: "/mypage" });
    }
    return c.json({ userId: account.userId });
  })
  /**
   * /mypage/consent?type=newsletter|privacy: the type's switches with the member's values; the
   * privacy type also names the privacy policy to link to (its external source, else /privacy).
   */
  .get("/consent/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db, store, policies, now } = c.get("deps");
    const { settings } = store.current();
    const type = consentTypeOf(c.req.query("type"));
    if (!isConsentTypeEnabled(settings, type)) return c.json({ redirectTo: "/mypage" });
    const consentOptions = await consentOptionsFor(db, account.id, consentOptionsOf(settings, type));
    const privacy =
      type === "privacy"
        ? policiesInForce(policies.current(), now(), requestLanguage(c)).find(
            (policy) => policy.policyId === PRIVACY_POLICY_ID,
          )
        : undefined;
    return c.json<ConsentScreenData>({
      type,
      consentOptions,
      privacyPolicy: privacy
        ? { title: privacy.title, url: privacy.dataSource ?? "/privacy", isExternal: privacy.isExternal }
        : null,
    });
  })
  /** /mypage/profile/edit: the picture now, on a store that uses profile images. */
  .get("/profile/edit/screen-data", async (c) => {
    const member = await requireMember(c);
    if (!c.get("deps").store.current().settings.features.isEnabledProfileImage) {
      return c.json({ redirectTo: "/mypage" });
    }
    return c.json<ProfileImageScreenData>({ profileImageUrl: memberProfileImageUrl(member) });
  })
  /**
   * /mypage/login-history: the member's logins newest first, a page at a time (`?before=` the
   * previous page's cursor), the address this request comes from, and whether to suggest a
   * password change or the multi-factor settings (spec §2).
   */
  .get("/login-history/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { db, store } = c.get("deps");
    const page = await readLoginHistory(db, account.id, c.req.query("before"));
    return c.json<LoginHistoryScreenData>({
      deviceIp: clientAddress(c),
      suggestPasswordChange:
        store.current().settings.features.isEnabledPassword && account.passwordHash !== null,
      // The settings are suggested to a member who has no second factor on (issue 41 §11).
      suggestMultiFactor:
        offeredMethods(c).length > 0 && (await multiFactorStateOf(c, account)).types.length === 0,
      isFirstPage: decodeCursor(c.req.query("before")) === null,
      ...page,
    });
  })
  /**
   * /mypage/password/edit: the strength rule the new password must meet (the account's own), so
   * that the page checks what the API will. An account without a password has nothing to change.
   */
  .get("/password/edit/screen-data", async (c) => {
    const account = await requireMemberAccount(c);
    const { store } = c.get("deps");
    if (!account.passwordHash) return c.json({ redirectTo: "/mypage/enable-password" });
    return c.json({ passwordStrength: accountPasswordStrength(account, store.current().settings) });
  });
