/**
 * A member's page in the console: who they are, how they sign in (never a secret), their sessions,
 * last logins, contracts and charges. Shown only with a reason, which the audit trail keeps with
 * who looked (personal data is shown to staff with a recorded reason). Finance sees what billing
 * needs: the address masked, no home address, phone or birthday.
 */
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { Language } from "../../locales/index.ts";
import { translatorFor } from "../../locales/language.ts";
import { methodLabel } from "../../schemas/payment-method-label.ts";
import { subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import type { ConsoleMemberScreenData } from "../../schemas/types/console-member-screen-data.gen.ts";
import { refundedOf } from "../billing/refunds.ts";
import type { Db } from "../db/database.ts";
import {
  accounts,
  charges,
  consentChoices,
  contracts,
  externalIdentities,
  issuedInvoices,
  loginHistory,
  multiFactorMethods,
  paymentMethods,
  policyConsents,
  refunds,
  sessions,
} from "../db/schema.ts";
import { passkeysOf } from "../identity/passkeys.ts";
import { accountEventsOf } from "../identity/security-record.ts";
import { mailsSentTo } from "../mail/mail-records.ts";
import { memberGrants } from "../oidc/grants.ts";
import { toAccountPaymentMethod } from "../payments/payment-methods.ts";
import { type Catalogue, planNameOf } from "../store/catalogue-source.ts";
import { maskedEmail } from "./member-search.ts";
import type { StaffRole } from "./staff.ts";
import { cancelTermsOf } from "./staff-cancellation.ts";

/** Who may act on a member's account (end their sessions). */
export const SUPPORT_ROLES: readonly StaffRole[] = ["owner", "support"];

/** Who may give money back. */
export const REFUND_ROLES: readonly StaffRole[] = ["owner", "finance"];

/** How many of the latest logins and charges the page lists. */
const LATEST = 20;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A running subscription's cancellation terms as the page shows them (the charge stays the API's). */
async function publicTerms(
  db: Db,
  contract: typeof contracts.$inferSelect,
  context: { now: Date; catalogue: Pick<Catalogue, "plans"> },
) {
  const terms = await cancelTermsOf(db, contract, context.catalogue, context.now);
  if (!terms) return null;
  const { chargeId: _charge, ...shown } = terms;
  return shown;
}

/** The member's page for `role`, or null when no account has this public id. */
export async function memberView(
  db: Db,
  publicId: string,
  role: StaffRole,
  context: { now: Date; catalogue: Pick<Catalogue, "plans">; language: Language },
): Promise<ConsoleMemberScreenData | null> {
  const [account] = await db.select().from(accounts).where(eq(accounts.publicId, publicId)).limit(1);
  if (!account) return null;
  const finance = role === "finance";
  const shownEmail = (email: string | null) => email && (finance ? maskedEmail(email) : email);
  const addresses = [account.email, account.contactEmail].flatMap((address) => (address ? [address] : []));
  const [consented, choices, methods, invoices, apps, mails, events, t] = await Promise.all([
    db
      .select()
      .from(policyConsents)
      .where(eq(policyConsents.accountId, account.id))
      .orderBy(desc(policyConsents.consentedAt))
      .limit(LATEST),
    db
      .select()
      .from(consentChoices)
      .where(eq(consentChoices.accountId, account.id))
      .orderBy(desc(consentChoices.changedAt), desc(consentChoices.id))
      .limit(LATEST),
    db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.accountId, account.id))
      .orderBy(desc(paymentMethods.createdAt)),
    db
      .select()
      .from(issuedInvoices)
      .where(eq(issuedInvoices.accountId, account.id))
      .orderBy(desc(issuedInvoices.issuedAt))
      .limit(LATEST),
    memberGrants(db, account.publicId, context.now),
    mailsSentTo(db, addresses, LATEST),
    accountEventsOf(db, account.id, LATEST),
    translatorFor(context.language),
  ]);
  const [factors, identities, keys, open, logins, held, paid] = await Promise.all([
    db.select().from(multiFactorMethods).where(eq(multiFactorMethods.accountId, account.id)),
    db.select().from(externalIdentities).where(eq(externalIdentities.accountId, account.id)),
    passkeysOf(db, account.id),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, account.id), gt(sessions.expiresAt, context.now)))
      .orderBy(desc(sessions.lastSeenAt)),
    db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.accountId, account.id))
      .orderBy(desc(loginHistory.createdAt))
      .limit(LATEST),
    db.select().from(contracts).where(eq(contracts.accountId, account.id)).orderBy(desc(contracts.createdAt)),
    db
      .select()
      .from(charges)
      .where(eq(charges.accountId, account.id))
      .orderBy(desc(charges.createdAt))
      .limit(LATEST),
  ]);
  const planName = (planId: string) => planNameOf(context.catalogue, planId, context.language);
  const chargeIds = paid.map((charge) => charge.id);
  const [given, refunded] = await Promise.all([
    chargeIds.length === 0
      ? []
      : db.select().from(refunds).where(inArray(refunds.chargeId, chargeIds)).orderBy(asc(refunds.createdAt)),
    refundedOf(db, chargeIds),
  ]);
  const refundsOf = (chargeId: string) => given.filter((refund) => refund.chargeId === chargeId);
  const leftOf = (charge: (typeof paid)[number]) =>
    charge.status === "succeeded" && charge.providerRef ? charge.amount - (refunded.get(charge.id) ?? 0) : 0;
  return {
    consents: consented.map((row) => ({
      policyId: row.policyId,
      revision: row.revision,
      consentedAt: row.consentedAt.toISOString(),
    })),
    consentChoices: choices.map((row) => ({
      consentOptionId: row.consentOptionId,
      value: row.value,
      changedAt: row.changedAt.toISOString(),
    })),
    paymentMethods: await Promise.all(
      methods.map(async (row) => {
        const method = await toAccountPaymentMethod(db, row);
        return {
          label: methodLabel(method, t),
          usedByContract: method.isContractUsed,
          deletedAt: iso(row.deletedAt),
        };
      }),
    ),
    invoices: invoices.map((row) => ({
      invoiceNumber: row.invoiceNumber,
      copyNumber: row.copyNumber,
      issuedAt: row.issuedAt.toISOString(),
      amount: row.amount,
    })),
    connectedApps: apps.map((grant) => ({
      clientId: grant.clientId,
      connectedAt: grant.issuedAt.toISOString(),
      scopes: grant.scopeKeys,
    })),
    mails: mails.map((mail) => ({
      to: finance ? maskedEmail(mail.to) : mail.to,
      subject: mail.subject,
      sentAt: mail.sentAt.toISOString(),
    })),
    securityRecord: events.map((event) => ({
      kind: event.kind,
      at: event.at.toISOString(),
      bySupport: event.bySupport,
      ip: event.ip,
    })),
    publicId: account.publicId,
    actions: SUPPORT_ROLES.includes(role)
      ? [
          "endSessions",
          "removeSecondFactors",
          ...(account.email && !account.emailVerifiedAt ? (["resendVerification"] as const) : []),
          "liftThrottles",
          "cancelSubscriptions",
        ]
      : [],
    mayRefund: REFUND_ROLES.includes(role),
    profile: {
      email: shownEmail(account.email),
      contactEmail: shownEmail(account.contactEmail),
      emailVerifiedAt: iso(account.emailVerifiedAt),
      userId: account.userId,
      name: [account.familyName, account.givenName].filter(Boolean).join(" ") || account.name || null,
      kana:
        [account.familyNameKana, account.givenNameKana].filter(Boolean).join(" ") || account.nameKana || null,
      nickname: account.nickname,
      phoneNumber: finance ? null : account.phoneNumber,
      birthday: finance ? null : account.birthday,
      address: finance
        ? null
        : [account.postalCode, account.address, account.address2].filter(Boolean).join(" ") || null,
      language: account.language,
      createdAt: account.createdAt.toISOString(),
      loginProhibitedAt: iso(account.loginProhibitedAt),
    },
    signIn: {
      passwordSetAt: account.passwordHash ? iso(account.passwordUpdatedAt ?? account.createdAt) : null,
      secondFactors: factors.map((factor) => ({
        type: factor.type,
        enabledAt: factor.enabledAt.toISOString(),
      })),
      linkedProviders: identities.map((identity) => ({
        type: identity.type,
        linkedAt: identity.linkedAt.toISOString(),
      })),
      passkeys: keys.map((passkey) => ({
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: iso(passkey.lastUsedAt),
        synced: passkey.backedUp,
      })),
    },
    sessions: open.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      ip: session.ip,
      userAgent: session.userAgent,
    })),
    logins: logins.map((login) => ({
      at: login.createdAt.toISOString(),
      result: login.result,
      failureReason: login.failureReason,
      method: login.loginMethod,
      ip: login.ip,
      country: login.country,
    })),
    contracts: await Promise.all(
      held.map(async (contract) => ({
        contractId: contract.id,
        planName: planName(contract.planId),
        planType: contract.planType,
        status: contract.subscriptionStatus,
        statusGroup: contract.subscriptionStatus && subscriptionStatusGroup(contract.subscriptionStatus),
        createdAt: contract.createdAt.toISOString(),
        nextSettlementDay: contract.nextSettlementDay,
        trialEndDay: contract.trialEndDay,
        cancelledAt: iso(contract.cancelledAt),
        cancelTerms: await publicTerms(db, contract, context),
      })),
    ),
    charges: paid.map((charge) => ({
      chargeId: charge.id,
      at: charge.createdAt.toISOString(),
      planName: planName(charge.planId),
      amount: charge.amount,
      taxAmount: charge.taxAmount,
      status: charge.status,
      cycleDay: charge.cycleDay,
      left: leftOf(charge),
      refunds: refundsOf(charge.id).map((refund) => ({
        refundId: refund.id,
        at: refund.createdAt.toISOString(),
        amount: refund.amount,
        status: refund.status,
        returnInvoiceNumber: refund.returnInvoiceNumber,
        reason: refund.reason,
      })),
    })),
  };
}
