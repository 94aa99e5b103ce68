/** routes/plans-purchase.tsx's page body: the plan above the purchase form. */
import { PlanToBuy } from "../../plans/plan-to-buy.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const PLAN_TO_BUY_CONTENTS = { planToBuy: PlanToBuy } as const satisfies ScreenContents;
