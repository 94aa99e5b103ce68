/** What the account menu depends on (spec §3 Store status, plus whether the user holds a plan). */
export interface AccountMenuConditions {
  hasPlan: boolean;
  hasSubscriptionPlan: boolean;
  isStorePaymentAvailable: boolean;
}

/**
 * Plans and payment history (spec §2 Account area) join the menu with their pages: nothing links
 * to a page that is not built (issue 21).
 */
export type AccountMenuItemId = "home" | "paymentMethod" | "backToTop";

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
 * available; Payment method only with store payment; the back-to-top link always.
 */
export function accountMenuItems({
  hasPlan,
  isStorePaymentAvailable,
}: AccountMenuConditions): AccountMenuItem[] {
  const items: AccountMenuItem[] = [];
  if (hasPlan || isStorePaymentAvailable) items.push(item("home", "/mypage", true));
  if (isStorePaymentAvailable) items.push(item("paymentMethod", "/mypage/payment-method"));
  items.push(item("backToTop", "/", true));
  return items;
}

function item(id: AccountMenuItemId, to: string, end = false): AccountMenuItem {
  return { id, to, labelKey: `shell.accountMenu.${id}`, end };
}
