/**
 * /auth/callback/form's e-mail (issue 48 §2, spec §5): the address the account will have, which
 * the provider proved or the visitor did; a note with a login link when it is an account's
 * already; the way to change it unless the store keeps the provider's (isSingleAuth).
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./social-signup-email.css";

interface ExternalCallbackInfo {
  externalEmail?: unknown;
  isExistValidEmailDuplicate?: unknown;
}

export function SocialSignupEmail({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const email = typeof screenData.email === "string" ? screenData.email : "";
  const info = (screenData.externalCallbackInfo ?? {}) as ExternalCallbackInfo;
  return (
    <section className="social-signup-email">
      <dl className="social-signup-email__address">
        <dt>{t("social.signup.email")}</dt>
        <dd>{email}</dd>
      </dl>
      {info.isExistValidEmailDuplicate === true && (
        <p className="alert alert--error" role="alert">
          {t("social.signup.emailInUse")} <Link to="/login">{t("social.signup.login")}</Link>
        </p>
      )}
      {screenData.canChangeEmail === true && (
        <p className="social-signup-email__change">
          <Link to="/signup/auth">{t("social.signup.changeEmail")}</Link>
        </p>
      )}
    </section>
  );
}
