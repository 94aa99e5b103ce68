/**
 * A subscription's life (spec §4 Subscription status groups, Cancellation; issue 44 §1), in one
 * place: the groups its status falls in, each with its label (契約中, 無料トライアル中, 解約予定,
 * 更新保留中, or cancelled); the one table of what each event makes of each status; and what the
 * member may do at a moment. Pure, so the billing run, the API and the pages decide alike.
 */
import { japanMidnight } from "./japan-time.ts";
import type { Subscription } from "./types/subscription.gen.ts";

export type SubscriptionStatus = Subscription["subscriptionStatus"];
export type SubscriptionStatusGroup =
  | "underContract"
  | "freeTrial"
  | "cancelRequested"
  | "hold"
  | "cancelled";

const GROUPS: Record<SubscriptionStatus, SubscriptionStatusGroup> = {
  NEW_CONTRACT: "underContract",
  ONGOING_CONTRACT: "underContract",
  TRIAL_TO_PAID: "underContract",
  RE_CONTRACT: "underContract",
  HOLD_RELEASED: "underContract",
  TRIAL_HOLD_RELEASED: "underContract",
  NEW_TRIAL_CONTRACT: "freeTrial",
  HOLD_CANCEL_REQUEST: "cancelRequested",
  TRIAL_HOLD_CANCEL_REQUEST: "cancelRequested",
  CANCEL_REQUEST: "cancelRequested",
  TRIAL_CANCEL_REQUEST: "cancelRequested",
  HOLD: "hold",
  TRIAL_HOLD: "hold",
  CANCELLED: "cancelled",
};

export function subscriptionStatusGroup(status: SubscriptionStatus): SubscriptionStatusGroup {
  return GROUPS[status];
}

/** The statuses of a group, for a query's condition. */
export function statusesIn(group: SubscriptionStatusGroup): SubscriptionStatus[] {
  return (Object.keys(GROUPS) as SubscriptionStatus[]).filter((status) => GROUPS[status] === group);
}

/** Whether the subscription is over: nothing renews it, nothing undoes it. */
export function hasEnded(status: SubscriptionStatus): boolean {
  return GROUPS[status] === "cancelled";
}

/**
 * What happens to a subscription:
 * - `renewed`: its settlement day's charge went through (or cost nothing);
 * - `declined`: that charge was declined — it is held and retried from the next day;
 * - `cancelRequested`: the member cancels — it runs to its next settlement day, then ends;
 * - `cancelUndone`: the member continues the plan after all;
 * - `ended`: a cancellation's day came, a hold was given up, or the plan stops renewing.
 */
export type SubscriptionEvent = "renewed" | "declined" | "cancelRequested" | "cancelUndone" | "ended";

type Table = Partial<Record<SubscriptionEvent, SubscriptionStatus>>;

const PAID: Table = {
  renewed: "ONGOING_CONTRACT",
  declined: "HOLD",
  cancelRequested: "CANCEL_REQUEST",
  ended: "CANCELLED",
};
const CANCEL_REQUESTED = (undone: SubscriptionStatus): Table => ({
  cancelUndone: undone,
  ended: "CANCELLED",
});

/**
 * The one transition table: an event missing from a status's row is refused (a cancelled
 * subscription, or one already cancelling, cannot be cancelled again; a cancelling one is not
 * charged, it ends). A trial stays marked as one until its first payment goes through.
 */
const TRANSITIONS: Record<SubscriptionStatus, Table> = {
  NEW_CONTRACT: PAID,
  ONGOING_CONTRACT: PAID,
  TRIAL_TO_PAID: PAID,
  RE_CONTRACT: PAID,
  HOLD_RELEASED: PAID,
  TRIAL_HOLD_RELEASED: PAID,
  NEW_TRIAL_CONTRACT: {
    renewed: "TRIAL_TO_PAID",
    declined: "TRIAL_HOLD",
    cancelRequested: "TRIAL_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  HOLD: {
    renewed: "HOLD_RELEASED",
    declined: "HOLD",
    cancelRequested: "HOLD_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  TRIAL_HOLD: {
    renewed: "TRIAL_HOLD_RELEASED",
    declined: "TRIAL_HOLD",
    cancelRequested: "TRIAL_HOLD_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  CANCEL_REQUEST: CANCEL_REQUESTED("ONGOING_CONTRACT"),
  TRIAL_CANCEL_REQUEST: CANCEL_REQUESTED("NEW_TRIAL_CONTRACT"),
  HOLD_CANCEL_REQUEST: CANCEL_REQUESTED("HOLD"),
  TRIAL_HOLD_CANCEL_REQUEST: CANCEL_REQUESTED("TRIAL_HOLD"),
  CANCELLED: {},
};

/** The status `event` makes of `status`, or null when the event is refused in that status. */
export function nextSubscriptionStatus(
  status: SubscriptionStatus,
  event: SubscriptionEvent,
): SubscriptionStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** Whether the billing run charges a subscription in this status when its day comes (else it ends). */
export function isCharged(status: SubscriptionStatus): boolean {
  return nextSubscriptionStatus(status, "renewed") !== null;
}

/**
 * 契約更新中: the settlement day has come (from 00:00 Japan time) and the billing run has not yet
 * settled it. Days are `YYYY-MM-DD` in Japan, so comparing them as strings orders them.
 */
export function isRenewing(
  status: SubscriptionStatus,
  nextSettlementDay: string | null,
  today: string,
): boolean {
  return !hasEnded(status) && nextSettlementDay !== null && nextSettlementDay <= today;
}

/**
 * When a cancellation ends the subscription (終了日時): 00:00 Japan time of its next settlement
 * day, which it is not charged for. An instant, ISO 8601.
 */
export function cancellationEndsAt(nextSettlementDay: string): string {
  return japanMidnight(nextSettlementDay).toISOString();
}

/** Why the member may not do something to a subscription now (spec §8 Subscription cancel, My page). */
export type SubscriptionActionRefusal =
  /** 契約更新中: the settlement day has come; the billing run decides first. */
  | "renewing"
  /** Cancelling or cancelled already. */
  | "notCancellable"
  /** Not cancelling: nothing to undo. */
  | "notCancelRequested"
  /** Continuing needs a registered payment method to bill. */
  | "noPaymentMethod"
  /** Only a subscription on hold is retried. */
  | "notOnHold"
  /** A cancelled subscription (or a cancelling one: its method is hidden) keeps its method. */
  | "notChangeable"
  /** Only a subscription under contract or in its trial changes plan (not on hold, not cancelling). */
  | "planNotChangeable"
  /** A plan change waits already: undone first, one thing at a time. */
  | "changePending"
  /** No plan change waits: nothing to undo. */
  | "noPendingChange";

export interface SubscriptionFacts {
  status: SubscriptionStatus;
  nextSettlementDay: string | null;
  /** Whether a registered payment method (not removed) would pay the next renewal. */
  hasPaymentMethod: boolean;
  /** Whether a plan change waits for its day (ADR 0042). */
  hasPendingChange: boolean;
}

export type SubscriptionAction =
  | "cancel"
  | "undoCancel"
  | "retry"
  | "changePaymentMethod"
  | "changePlan"
  | "undoPlanChange";

/** Whether the member may take `action` today, or why not. */
export function subscriptionActionRefusal(
  facts: SubscriptionFacts,
  action: SubscriptionAction,
  today: string,
): SubscriptionActionRefusal | null {
  const group = subscriptionStatusGroup(facts.status);
  switch (action) {
    case "cancel":
      if (!nextSubscriptionStatus(facts.status, "cancelRequested")) return "notCancellable";
      break;
    case "undoCancel":
      if (!nextSubscriptionStatus(facts.status, "cancelUndone")) return "notCancelRequested";
      break;
    case "retry":
      if (group !== "hold") return "notOnHold";
      break;
    case "changePaymentMethod":
      if (group === "cancelled" || group === "cancelRequested") return "notChangeable";
      break;
    case "changePlan":
      if (group !== "underContract" && group !== "freeTrial") return "planNotChangeable";
      if (facts.hasPendingChange) return "changePending";
      break;
    case "undoPlanChange":
      if (!facts.hasPendingChange) return "noPendingChange";
      break;
  }
  // Undo up to the day before the next billing date (a cancellation, a plan change); a retry
  // unless its day has passed.
  if (isRenewing(facts.status, facts.nextSettlementDay, today)) return "renewing";
  if (action === "undoCancel" && !facts.hasPaymentMethod) return "noPaymentMethod";
  return null;
}
