/**
 * The groups a subscription's status falls in (spec §4 Subscription status groups), each with its
 * label: 契約中, 無料トライアル中, 解約予定, 更新保留中, or cancelled.
 */
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
