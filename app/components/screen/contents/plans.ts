/** The page bodies of the purchase form and its confirmation (routes/plans-purchase.tsx). */
import { PlanToBuy, PurchaseQuote } from "../../plans/purchase-bodies.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const PLAN_PURCHASE_CONTENTS = {
  planToBuy: PlanToBuy,
  purchaseQuote: PurchaseQuote,
} as const satisfies ScreenContents;
