/**
 * The named page bodies a screen definition may ask for (`intro` above its forms, `content` below):
 * what the screen data says beyond a form, and pages whose controls each make a call of their own.
 */
import type { ComponentType } from "react";
import type { ScreenContentName } from "../../../screens/screen-definition.ts";
import { ConsentSwitches } from "../consent/consent-switches.tsx";
import { BackupCodeCount, BackupCodeGenerate } from "../multi-factor/backup-codes.tsx";
import { MultiFactorEmail } from "../multi-factor/multi-factor-email.tsx";
import { MultiFactorLoginGuide } from "../multi-factor/multi-factor-login-guide.tsx";
import { MultiFactorOtherTypes } from "../multi-factor/multi-factor-other-types.tsx";
import { MultiFactorSettings } from "../multi-factor/multi-factor-settings.tsx";
import { MultiFactorSms } from "../multi-factor/multi-factor-sms.tsx";
import { OtpSetupGuide } from "../multi-factor/otp-setup-guide.tsx";

const CONTENTS: Record<
  ScreenContentName,
  ComponentType<{ screenData: Readonly<Record<string, unknown>> }>
> = {
  consentSwitches: ConsentSwitches,
  multiFactorLoginGuide: MultiFactorLoginGuide,
  multiFactorOtherTypes: MultiFactorOtherTypes,
  otpSetupGuide: OtpSetupGuide,
  multiFactorSettings: MultiFactorSettings,
  multiFactorEmail: MultiFactorEmail,
  multiFactorSms: MultiFactorSms,
  backupCodeCount: BackupCodeCount,
  backupCodeGenerate: BackupCodeGenerate,
};

export function ScreenContent({
  name,
  screenData,
}: {
  name: ScreenContentName;
  screenData: Readonly<Record<string, unknown>>;
}) {
  const Content = CONTENTS[name];
  return <Content screenData={screenData} />;
}
