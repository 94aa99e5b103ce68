/**
 * Above the second-factor form (spec §2 the multi-factor entry screen): which code is expected and,
 * for the e-mail and SMS types, where it went and a resend button.
 */

import { useTranslation } from "react-i18next";
import type { MultiFactorLoginScreenData } from "../../../schemas/types/multi-factor-login-screen-data.gen.ts";
import { PinResend } from "../screen/pin-resend.tsx";

export function MultiFactorLoginGuide({ screenData }: { screenData: MultiFactorLoginScreenData }) {
  const { t } = useTranslation();
  const { type } = screenData;
  const sendTo = screenData.sendTo ?? "";
  return (
    <div className="multi-factor-guide">
      <p className="screen__lead">{t(`screens.multiFactor.lead.${type}`, { sendTo })}</p>
      {type === "Email" && (
        <PinResend path="/zapi/account/email/send-pin-code" body={{ type: "multiFactorEmail" }} />
      )}
      {type === "SMS" && (
        <PinResend
          path="/zapi/login/multi-factor/sms/send-code"
          hintKey="screens.pinCode.smsNotReceivedHint"
        />
      )}
    </div>
  );
}
