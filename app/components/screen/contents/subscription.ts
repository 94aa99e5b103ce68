/** The page bodies of /mypage/subscription/{id} and /mypage/plans, whose buttons post (routes/mypage-subscription.tsx). */
import { SubscriptionDetail, SubscriptionList } from "../../plans/subscription.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const SUBSCRIPTION_CONTENTS = {
  subscriptionDetail: SubscriptionDetail,
  subscriptionList: SubscriptionList,
} as const satisfies ScreenContents;
