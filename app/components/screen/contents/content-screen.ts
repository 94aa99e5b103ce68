/** The page bodies of the screens without a form (routes/content-screen.tsx). */
import { BackupCodeCount } from "../../multi-factor/backup-codes.tsx";
import { PlanChoices } from "../../plans/plan-choices.tsx";
import { PurchaseComplete } from "../../plans/purchase-complete.tsx";
import { SubscriptionSummaryView } from "../../plans/subscription.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const CONTENT_SCREEN_CONTENTS = {
  backupCodeCount: BackupCodeCount,
  planChoices: PlanChoices,
  purchaseComplete: PurchaseComplete,
  subscriptionSummary: SubscriptionSummaryView,
} as const satisfies ScreenContents;
