/** The page bodies of the multi-factor settings pages (routes/mypage-multi-factor.tsx). */
import { BackupCodeGenerate } from "../../multi-factor/backup-codes.tsx";
import { MultiFactorEmail } from "../../multi-factor/multi-factor-email.tsx";
import { MultiFactorSettings } from "../../multi-factor/multi-factor-settings.tsx";
import { MultiFactorSms } from "../../multi-factor/multi-factor-sms.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const MULTI_FACTOR_CONTENTS = {
  multiFactorSettings: MultiFactorSettings,
  multiFactorEmail: MultiFactorEmail,
  multiFactorSms: MultiFactorSms,
  backupCodeGenerate: BackupCodeGenerate,
} as const satisfies ScreenContents;
