/** routes/plans-purchase-confirm.tsx's page body: the verified quote above the purchase button. */
import { PurchaseQuote } from "../../plans/purchase-quote.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const PURCHASE_QUOTE_CONTENTS = { purchaseQuote: PurchaseQuote } as const satisfies ScreenContents;
