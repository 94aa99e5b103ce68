/** /mypage: the account overview (spec §2 Account area). */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { formatPasswordUpdatedAt } from "../lib/format.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage";

export interface MypageAccount {
  contactEmail: string | null;
  email: string | null;
  isEmailVerified: boolean;
  userId: string | null;
  isEnabledPassword: boolean;
  passwordUpdatedAt: string | null;
}

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const { account } = await loadScreenData<{ account: MypageAccount }>(args, "/mypage");
  return { account };
}

interface RowProps {
  to: string;
  label: string;
  value?: string | null;
  external?: boolean;
}

function Row({ to, label, value, external }: RowProps) {
  const content = (
    <>
      <span className="row-list__label">{label}</span>
      {value && <span className="row-list__value">{value}</span>}
    </>
  );
  return (
    <li className="row-list__item">
      {external ? (
        <a className="row-list__row" href={to} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <Link className="row-list__row" to={to}>
          {content}
        </Link>
      )}
    </li>
  );
}

export default function Mypage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, browserInfo } = useShellData();
  const { account } = loaderData;
  const features = store?.features;
  const isApp = browserInfo?.isApp ?? false;
  const passwordRow = account.email ? "/mypage/password/edit" : "/mypage/enable-password";
  const updatedAt = account.passwordUpdatedAt ? formatPasswordUpdatedAt(account.passwordUpdatedAt) : null;

  return (
    <article className="screen">
      <title>{store?.serviceName ? `${t("mypage.title")} | ${store.serviceName}` : t("mypage.title")}</title>
      <h1 className="screen__title">{t("mypage.title")}</h1>
      {!account.isEmailVerified && (
        <div className="alert alert--warning" role="status">
          {t("mypage.unverifiedEmail")} <Link to="/mypage/email/verify">{t("mypage.verifyEmail")}</Link>
        </div>
      )}

      <section className="section" aria-labelledby="mypage-account">
        <h2 id="mypage-account" className="section-title">
          {t("mypage.accountSection")}
        </h2>
        <ul className="row-list">
          <Row
            to={features?.emailEditUrl ?? "/mypage/email/edit"}
            external={Boolean(features?.emailEditUrl)}
            label={t("mypage.email")}
            value={account.contactEmail ?? account.email}
          />
          {features?.isEnabledUserId && (
            <Row
              to="/mypage/user-id/edit"
              label={t("mypage.userId")}
              value={account.userId ?? t("mypage.notSet")}
            />
          )}
          <Row to="/mypage/edit" label={t("mypage.registration")} />
          {features?.isEnabledProfileImage && !isApp && (
            <Row to="/mypage/profile/edit" label={t("mypage.profileImage")} />
          )}
        </ul>
      </section>

      <section className="section" aria-labelledby="mypage-security">
        <h2 id="mypage-security" className="section-title">
          {t("mypage.securitySection")}
        </h2>
        <ul className="row-list">
          {features?.isEnabledPassword && (
            <Row
              to={passwordRow}
              label={t("mypage.password")}
              value={updatedAt ? t("mypage.passwordUpdatedAt", { date: updatedAt }) : null}
            />
          )}
          {(features?.multiFactorTypes.length ?? 0) > 0 && (
            <Row to="/mypage/multi-factor" label={t("mypage.multiFactor")} />
          )}
          <Row to="/mypage/login-history" label={t("mypage.loginHistory")} />
        </ul>
      </section>

      <section className="section" aria-labelledby="mypage-privacy">
        <h2 id="mypage-privacy" className="section-title">
          {t("mypage.privacySection")}
        </h2>
        <ul className="row-list">
          {features?.isEnabledNewsletter && (
            <Row to="/mypage/consent?type=newsletter" label={t("mypage.newsletter")} />
          )}
          {features?.isEnabledPrivacy && (
            <Row to="/mypage/consent?type=privacy" label={t("mypage.privacy")} />
          )}
          {features?.isEnabledPinCode && <Row to="/mypage/pin-code" label={t("mypage.pinCode")} />}
          {features?.isEnabledConnectedApps && !isApp && (
            <Row to="/mypage/connections" label={t("mypage.connections")} />
          )}
        </ul>
      </section>

      {!isApp && (
        <ul className="row-list">
          <Row to="/withdraw" label={t("mypage.withdraw")} />
        </ul>
      )}
    </article>
  );
}
