/** The page bodies of the form screens (routes/form-screen.tsx): what the form asks for, and around it. */
import { MultiFactorLoginGuide } from "../../multi-factor/multi-factor-login-guide.tsx";
import { MultiFactorOtherTypes } from "../../multi-factor/multi-factor-other-types.tsx";
import { OtpSetupGuide } from "../../multi-factor/otp-setup-guide.tsx";
import { SubscriptionEnding } from "../../plans/subscription-ending.tsx";
import { SocialSignupEmail } from "../../social/social-signup-email.tsx";
import { ContractedPlans } from "../../withdrawal/contracted-plans.tsx";
import { WithdrawalNotes } from "../../withdrawal/withdrawal-notes.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const FORM_SCREEN_CONTENTS = {
  multiFactorLoginGuide: MultiFactorLoginGuide,
  multiFactorOtherTypes: MultiFactorOtherTypes,
  otpSetupGuide: OtpSetupGuide,
  withdrawalNotes: WithdrawalNotes,
  contractedPlans: ContractedPlans,
  socialSignupEmail: SocialSignupEmail,
  subscriptionEnding: SubscriptionEnding,
} as const satisfies ScreenContents;
