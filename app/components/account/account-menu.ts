/** What the account menu depends on (spec §3 Store status, plus whether the user holds a plan). */
export interface AccountMenuConditions {
  hasPlan: boolean;
  hasSubscriptionPlan: boolean;
  isStorePaymentAvailable: boolean;
}

export type AccountMenuItemId = "home" | "plans" | "paymentMethod" | "paymentHistory" | "backToTop";

export interface AccountMenuItem {
  id: AccountMenuItemId;
  to: string;
  /** Translation key of the label. */
  labelKey: `shell.accountMenu.${AccountMenuItemId}`;
  /** Active only on exactly this path (the home item must not light up on every /mypage/… page). */
  end: boolean;
}

/**
 * The account menu (spec §2 Account area): Home only when the user has a plan or store payment is
 * available; Plans only when the store has a subscription plan; Payment method and Payment
 * history only with store payment; the back-to-top link always.
 */
export function accountMenuItems({
  hasPlan,
  hasSubscriptionPlan,
  isStorePaymentAvailable,
}: AccountMenuConditions): AccountMenuItem[] {
  const items: AccountMenuItem[] = [];
  if (hasPlan || isStorePaymentAvailable) items.push(item("home", "/mypage", true));
  if (hasSubscriptionPlan) items.push(item("plans", "/mypage/plans"));
  if (isStorePaymentAvailable) {
    items.push(item("paymentMethod", "/mypage/payment-method"));
    items.push(item("paymentHistory", "/mypage/payment-history"));
  }
  items.push(item("backToTop", "/", true));
  return items;
}

function item(id: AccountMenuItemId, to: string, end = false): AccountMenuItem {
  return { id, to, labelKey: `shell.accountMenu.${id}`, end };
}
