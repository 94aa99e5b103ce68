/** The page body of /mypage/subscription/{id} (routes/mypage-subscription.tsx). */
import { SubscriptionDetail } from "../../plans/subscription.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const SUBSCRIPTION_CONTENTS = {
  subscriptionDetail: SubscriptionDetail,
} as const satisfies ScreenContents;
