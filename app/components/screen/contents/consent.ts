/** The page body of the consent page (routes/mypage-consent.tsx). */
import { ConsentSwitches } from "../../consent/consent-switches.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const CONSENT_CONTENTS = { consentSwitches: ConsentSwitches } as const satisfies ScreenContents;
