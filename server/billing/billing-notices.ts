/**
 * What the billing run tells the member (issue 44 §4): a mail when a renewal is declined (once per
 * cycle: the first decline puts it on hold; the daily retries that follow say nothing new), a mail
 * when a subscription ends, and one when a scheduled plan change took effect with its first
 * payment (ADR 0042). Written in the language of the member's last sign-in.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE } from "../../locales/index.ts";
import { subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import type { Db } from "../db/database.ts";
import { accounts } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendMail } from "../mail/send-mail.ts";
import { type CatalogueSource, planNameOf } from "../store/catalogue-source.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";
import type { BillingLine } from "./renewals.ts";

export interface BillingNoticeDeps {
  db: Db;
  mailer: Mailer;
  store: StoreSettingsSource;
  catalogue: CatalogueSource;
  /** The configured public origin: links in mails never come from a request. */
  publicOrigin: string;
  now: () => Date;
}

/** Why a subscription ended, as the mail says it. */
function endReason(line: BillingLine): "cancelled" | "unpaid" | "stopped" {
  if (line.detail === "CANCELLATION_DUE") return "cancelled";
  if (line.detail === "RENEWAL_STOPPED") return "stopped";
  return "unpaid";
}

/** The notifier the billing run calls with each settled line. */
export function billingNotifier(deps: BillingNoticeDeps): (line: BillingLine) => Promise<void> {
  return async (line) => {
    const firstDecline =
      line.outcome === "declined" && subscriptionStatusGroup(line.previousStatus) !== "hold" && line.retryDay;
    const changeApplied = line.outcome === "renewed" && line.changedFromPlanId !== null;
    if (!firstDecline && !changeApplied && line.outcome !== "ended") return;
    const [account] = await deps.db
      .select({ contactEmail: accounts.contactEmail, language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, line.accountId));
    if (!account?.contactEmail) return;
    const language = account.language ?? DEFAULT_LANGUAGE;
    const catalogue = deps.catalogue.current();
    const planName = planNameOf(catalogue, line.planId, language);
    const subscriptionUrl = `${deps.publicOrigin}/mypage/subscription/${line.contractId}`;
    if (line.outcome === "renewed" && line.changedFromPlanId) {
      await sendMail(deps, {
        to: account.contactEmail,
        language,
        template: "planChangeApplied",
        vars: {
          fromPlanName: planNameOf(catalogue, line.changedFromPlanId, language),
          toPlanName: planName,
          amount: line.amount ?? 0,
          nextPaymentDay: line.nextSettlementDay ?? line.cycleDay,
          subscriptionUrl,
        },
      });
      return;
    }
    if (line.outcome === "declined" && line.retryDay) {
      await sendMail(deps, {
        to: account.contactEmail,
        language,
        template: "renewalDeclined",
        vars: {
          planName,
          amount: line.amount ?? 0,
          retryDay: line.retryDay,
          subscriptionUrl,
        },
      });
      return;
    }
    await sendMail(deps, {
      to: account.contactEmail,
      language,
      template: "subscriptionEnded",
      vars: {
        planName,
        endedAt: deps.now(),
        reason: endReason(line),
        plansUrl: `${deps.publicOrigin}/plans`,
      },
    });
  };
}
