/**
 * /mypage/multi-factor/email: turning on e-mail as a second factor. The button stays disabled until
 * the address is verified (spec §4 MFA, §6), with the way to verify it.
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MultiFactorEmailScreenData } from "../../../schemas/types/multi-factor-email-screen-data.gen.ts";
import { ActionFailure, IntentButton } from "./multi-factor-settings.tsx";

export function MultiFactorEmail({ screenData }: { screenData: MultiFactorEmailScreenData }) {
  const { t } = useTranslation();
  const email = screenData.contactEmail ?? "";
  const verified = screenData.isEmailVerified;
  if (screenData.isEnabled) {
    return <p className="screen__lead">{t("mypage.multiFactorPage.email.alreadyOn")}</p>;
  }
  return (
    <div className="multi-factor-method">
      <p className="screen__lead">{t("mypage.multiFactorPage.email.lead", { email })}</p>
      <ActionFailure />
      {!verified && (
        <p className="alert alert--warning" id="mfa-email-unverified">
          {t("mypage.multiFactorPage.email.unverified")}{" "}
          <Link to="/mypage/email/verify">{t("mypage.multiFactorPage.email.verify")}</Link>
        </p>
      )}
      <IntentButton
        intent="enableEmail"
        label={t("mypage.multiFactorPage.email.submit")}
        blockedBy={verified ? undefined : "mfa-email-unverified"}
      />
    </div>
  );
}
