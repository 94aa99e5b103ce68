/**
 * Above the second-factor form (spec §2 the multi-factor entry screen): which code is expected and,
 * for the e-mail and SMS types, where it went and a resend button.
 */
import { useTranslation } from "react-i18next";
import { isSecondFactorType } from "../../../schemas/multi-factor.ts";
import { PinResend } from "../screen/pin-resend.tsx";

export function MultiFactorLoginGuide({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const type = isSecondFactorType(screenData.type) ? screenData.type : null;
  if (!type) return null;
  const sendTo = typeof screenData.sendTo === "string" ? screenData.sendTo : "";
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
