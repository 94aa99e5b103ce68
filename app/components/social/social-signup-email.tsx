/**
 * /auth/callback/form's e-mail (issue 48 §2, spec §5): the address the account will have, which
 * the provider proved or the visitor did; a note with a login link when it is an account's
 * already; the way to change it unless the store keeps the provider's (isSingleAuth).
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SocialSignupScreenData } from "../../../schemas/types/social-signup-screen-data.gen.ts";
import "./social-signup-email.css";

export function SocialSignupEmail({ screenData }: { screenData: SocialSignupScreenData }) {
  const { t } = useTranslation();
  const { email, externalCallbackInfo: info } = screenData;
  return (
    <section className="social-signup-email">
      <dl className="social-signup-email__address">
        <dt>{t("social.signup.email")}</dt>
        <dd>{email}</dd>
      </dl>
      {info.isExistValidEmailDuplicate && (
        <p className="alert alert--error" role="alert">
          {t("social.signup.emailInUse")} <Link to="/login">{t("social.signup.login")}</Link>
        </p>
      )}
      {screenData.canChangeEmail && (
        <p className="social-signup-email__change">
          <Link to="/signup/auth">{t("social.signup.changeEmail")}</Link>
        </p>
      )}
    </section>
  );
}
