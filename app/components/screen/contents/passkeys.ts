/** The passkeys' page body (routes/mypage-passkeys.tsx). */
import { PasskeyList } from "../../passkey/passkey-list.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const PASSKEY_CONTENTS = {
  passkeyList: PasskeyList,
} as const satisfies ScreenContents;
