/**
 * /mypage/multi-factor/sms: turning on SMS as a second factor. A code goes to the account's phone
 * number first (the next page takes it); without a number the button stays disabled, with the way
 * to add one where the store takes phone numbers.
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MultiFactorSmsScreenData } from "../../../schemas/types/multi-factor-sms-screen-data.gen.ts";
import { ActionFailure, IntentButton } from "./multi-factor-settings.tsx";

export function MultiFactorSms({ screenData }: { screenData: MultiFactorSmsScreenData }) {
  const { t } = useTranslation();
  const { phoneNumber } = screenData;
  if (screenData.isEnabled) {
    const enabled = screenData.enabledPhoneNumber ?? "";
    return (
      <p className="screen__lead">{t("mypage.multiFactorPage.sms.alreadyOn", { phoneNumber: enabled })}</p>
    );
  }
  return (
    <div className="multi-factor-method">
      {phoneNumber && <p className="screen__lead">{t("mypage.multiFactorPage.sms.lead", { phoneNumber })}</p>}
      <ActionFailure />
      {!phoneNumber &&
        (screenData.canAddPhoneNumber ? (
          <p className="alert alert--warning" id="mfa-sms-no-number">
            {t("mypage.multiFactorPage.sms.noPhoneNumber")}{" "}
            <Link to="/mypage/edit">{t("mypage.multiFactorPage.sms.addPhoneNumber")}</Link>
          </p>
        ) : (
          <p className="alert alert--warning" id="mfa-sms-no-number">
            {t("mypage.multiFactorPage.sms.phoneNumberUnavailable")}
          </p>
        ))}
      <IntentButton
        intent="sendSmsCode"
        label={t("mypage.multiFactorPage.sms.submit")}
        blockedBy={phoneNumber ? undefined : "mfa-sms-no-number"}
      />
    </div>
  );
}
