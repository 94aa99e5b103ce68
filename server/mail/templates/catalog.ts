/**
 * The shape of every e-mail the service sends. A template turns typed variables into content
 * blocks; the layout (render-mail.ts) turns blocks into both the plain-text and the HTML body, so
 * the two can never say different things. Each language implements the whole `MailCatalog`, so a
 * template missing in one language is a type error.
 */

/** The variables of each template. */
export interface MailTemplateVars {
  /** A one-time PIN code (sign-up, login, e-mail change, withdrawal, MFA, …). */
  authCode: {
    /** The purpose's display name from the store's authCodeSetting, e.g. 会員登録用認証コード. */
    purposeName: string;
    code: string;
    validMinutes: number;
  };
  /** A link to set a new password (spec: password reset). */
  passwordReset: {
    resetUrl: string;
    validMinutes: number;
  };
  /** The account's password was changed (from the account page); other sessions were ended. */
  passwordChanged: {
    changedAt: Date;
    /** Where to reset the password if the member did not change it. */
    passwordForgotUrl: string;
  };
  /** Sent to the old address: the account's e-mail address was changed. */
  emailChanged: {
    changedAt: Date;
    /** The new address, partly masked: the old mailbox may no longer be the member's own. */
    maskedNewEmail: string;
    /** The way back if the member did not make the change (server/identity/email-recovery.ts). */
    recoveryUrl: string;
    recoveryDays: number;
  };
  /** A multi-factor setting changed: a method enabled or disabled, or the backup codes replaced. */
  multiFactorChanged: {
    changedAt: Date;
    change: "enabled" | "disabled" | "backupCodes";
    /** The method, as the member's pages name it (e.g. 認証アプリ); absent for backup codes. */
    methodName: string | null;
    /** Where the member reviews the settings. */
    settingsUrl: string;
  };
  /** A passkey was added to the account or removed from it. */
  passkeyChanged: {
    changedAt: Date;
    change: "added" | "removed";
    /** The passkey's name on the member's list (e.g. iPhone の Safari). */
    passkeyName: string;
    /** Where the member reviews their passkeys. */
    settingsUrl: string;
  };
  /** The store's support logged the account out everywhere (the member asked, or its safety needed it). */
  sessionsEndedBySupport: {
    endedAt: Date;
    /** Where to log in again. */
    loginUrl: string;
  };
  /** The store's support removed the account's second factors after checking who the member is. */
  secondFactorsRemovedBySupport: {
    removedAt: Date;
    /** Where the member sets two-step verification up again. */
    settingsUrl: string;
  };
  /** The account was deleted at the member's request (sent to its last address). */
  withdrawn: {
    withdrawnAt: Date;
  };
  /** A subscription's renewal charge was declined: it is on hold and retried from the next day. */
  renewalDeclined: {
    planName: string;
    /** Integer yen, tax included. */
    amount: number;
    /** The day of the next retry, YYYY-MM-DD in Japan. */
    retryDay: string;
    /** The subscription's page: change the method, retry the payment. */
    subscriptionUrl: string;
  };
  /** A subscription ended: its cancellation's day came, its payment never recovered, or the plan stopped. */
  subscriptionEnded: {
    planName: string;
    endedAt: Date;
    reason: "cancelled" | "unpaid" | "stopped";
    /** The store's plans, to subscribe again. */
    plansUrl: string;
  };
  /** A change of plan was confirmed (ADR 0042): scheduled for its day, or in effect today. */
  planChangeConfirmed: {
    fromPlanName: string;
    toPlanName: string;
    timing: "now" | "nextSettlement";
    /** The day the new plan takes effect, YYYY-MM-DD in Japan. */
    effectiveDay: string;
    /** What was charged now (integer yen, tax included): 0 for a scheduled change. */
    amountNow: number;
    /** The renewal after the change: its day (YYYY-MM-DD in Japan) and amount. */
    nextPaymentDay: string;
    nextPaymentAmount: number;
    /** The subscription's page: where a scheduled change is undone. */
    subscriptionUrl: string;
  };
  /** A scheduled change of plan took effect on its day, its first payment made (ADR 0042). */
  planChangeApplied: {
    fromPlanName: string;
    toPlanName: string;
    /** Integer yen, tax included: what the day's renewal charged. */
    amount: number;
    /** The renewal after it, YYYY-MM-DD in Japan. */
    nextPaymentDay: string;
    subscriptionUrl: string;
  };
  /** The store's support moved a subscription's next payment later: days given free. */
  freeDaysGiven: {
    planName: string;
    days: number;
    /** The new day of the next payment (YYYY-MM-DD in Japan). */
    nextPaymentDay: string;
    subscriptionUrl: string;
  };
  /** The store's support sent the member on to prove their e-mail address (they asked for it again). */
  emailVerificationReminder: {
    verifyUrl: string;
  };
  /** The store's support cancelled a subscription: at its period's end, or at once (with a refund or not). */
  subscriptionCancelledBySupport: {
    planName: string;
    timing: "periodEnd" | "now";
    /** periodEnd: the day it ends (YYYY-MM-DD in Japan); now: today. */
    endDay: string;
    /** Integer yen given back for the unused days; 0: none. */
    refundAmount: number;
    plansUrl: string;
  };
  /** Money of a charge was given back; the return invoice (適格返還請求書) is on its page. */
  refundMade: {
    planName: string;
    /** Integer yen, tax included, and the tax inside it. */
    amount: number;
    taxAmount: number;
    refundedAt: Date;
    /** When the charge refunded was taken. */
    chargedAt: Date;
    returnInvoiceUrl: string;
  };
  /** A login from a new device, with what the member needs to recognise it. */
  newLogin: {
    loggedInAt: Date;
    device: string;
    browser: string;
    ip: string;
    /** Where the member can review logins and change the password. */
    loginHistoryUrl: string;
  };
}

export type MailTemplateName = keyof MailTemplateVars;

/** What a mail shows of the store, read from the store settings when the mail is sent. */
export interface MailBrand {
  serviceName: string;
  /** `#rrggbb`, the header bar colour. */
  accentColor: string;
}

export type MailBlock =
  | { kind: "paragraph"; text: string }
  /** A PIN code, shown large and on its own line. */
  | { kind: "code"; label: string; code: string }
  /** A call to action; the plain-text body shows the URL itself. */
  | { kind: "link"; label: string; url: string }
  /** Label/value rows, e.g. the details of a login. */
  | { kind: "facts"; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** Smaller print: what to do if the mail was not expected (a ※ mark, if any, is part of the text). */
  | { kind: "note"; text: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

export interface MailCatalog {
  /** Lines under every mail: the send-only notice and the like. */
  footer: (brand: MailBrand) => string[];
  templates: {
    [Name in MailTemplateName]: (vars: MailTemplateVars[Name], brand: MailBrand) => MailContent;
  };
}
