/** /mypage: the account overview (spec §2 Account area). */

import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import type { HeldContract } from "../../schemas/types/held-contract.gen.ts";
import type { Account, ConsentState } from "../../schemas/types/mypage-screen-data.gen.ts";
import { HeldContractRow } from "../components/plans/held-contract.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { ExternalAccounts, UNLINK_INTENT } from "../components/social/external-accounts.tsx";
import { formatPasswordUpdatedAt } from "../lib/format.ts";
import { MYPAGE_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { callApi, followNext, loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

/** What the overview shows of the account. */
export type MypageAccount = Pick<
  Account,
  | "contactEmail"
  | "email"
  | "isEmailVerified"
  | "userId"
  | "isEnabledPassword"
  | "passwordUpdatedAt"
  | "isEnabledMultiFactor"
  | "multiFactorType"
>;

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const screenData = await loadScreenData(args, "/mypage", undefined, MYPAGE_SCREEN_DATA);
  // The server's clock decides which dates show, so the page hydrates as it was rendered.
  return { ...screenData, now: new Date().toISOString() };
}

/**
 * The external ID list's unlink (spec §7 POST /zapi/auth/social/disable): on to its completion,
 * or back to the page with the API's reason (the last way in, say).
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get("intent") !== UNLINK_INTENT) return data({ unlinkError: null }, { status: 400 });
  const result = await callApi(args, "/zapi/auth/social/disable", {
    body: {
      userIdentifierType: String(form.get("userIdentifierType") ?? ""),
      userIdentifierMethod: "ExternalAuth",
    },
  });
  const { headers } = result;
  if (result.ok) throw redirect("/mypage/social/disable/complete", { headers });
  followNext(result);
  return data({ unlinkError: result.message }, { status: result.status, headers });
}

interface RowProps {
  label: string;
  value?: string | null;
  /** Where the row leads; omitted = the row only shows its value. */
  to?: string;
  external?: boolean;
}

function Row({ to, label, value, external }: RowProps) {
  const content = (
    <>
      <span className="row-list__label">{label}</span>
      {value && <span className="row-list__value">{value}</span>}
    </>
  );
  if (!to) {
    return (
      <li className="row-list__item">
        <div className="row-list__row">{content}</div>
      </li>
    );
  }
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

/**
 * Only rows whose page works link anywhere (issue 21): the pages of the account area come with
 * their issues (23, 25, 27), and until then a row shows its value, or is absent.
 */
export default function Mypage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, browserInfo } = useShellData();
  // Fixtures of the page (tests, gallery) may carry the account alone.
  const { account, consentStates = {} } = loaderData;
  const contracts: HeldContract[] = loaderData.contracts ?? [];
  const consentStateText = (state: ConsentState | undefined) =>
    state && state.total > 0 ? t("mypage.consentState", { on: state.on, total: state.total }) : null;
  const features = store?.features;
  const updatedAt = account.passwordUpdatedAt ? formatPasswordUpdatedAt(account.passwordUpdatedAt) : null;
  // Setting a password stamps passwordUpdatedAt: an account without one has never had a password.
  const hasPassword = account.passwordUpdatedAt !== null;

  return (
    <article className="screen">
      <PageTitle name={t("mypage.title")} />
      <h1 className="screen__title">{t("mypage.title")}</h1>
      {!account.isEmailVerified && account.contactEmail && (
        <div className="alert alert--warning" role="status">
          {t("mypage.unverifiedEmail")} <Link to="/mypage/email/verify">{t("mypage.verifyEmail")}</Link>
        </div>
      )}

      {contracts.length > 0 && !browserInfo.isApp && (
        <section className="section" aria-labelledby="mypage-plans">
          <h2 id="mypage-plans" className="section-title">
            {t("plans.contractsTitle")}
          </h2>
          <ul className="row-list">
            {contracts.map((contract) => (
              <HeldContractRow
                key={contract.contractId}
                contract={contract}
                now={new Date(loaderData.now ?? Date.now())}
              />
            ))}
          </ul>
          <p className="mypage__plans-link">
            <Link to="/mypage/plans">{t("plans.subscription.manage")}</Link>
          </p>
        </section>
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
              // A user ID of one's own is for accounts that log in by e-mail and password.
              to={account.email && hasPassword ? "/mypage/user-id/edit" : undefined}
              label={t("mypage.userId")}
              value={account.userId ?? t("mypage.notSet")}
            />
          )}
          <Row to="/mypage/edit" label={t("mypage.registration")} />
          {features?.isEnabledProfileImage && !browserInfo.isApp && (
            <Row to="/mypage/profile/edit" label={t("mypage.profileImage")} />
          )}
        </ul>
      </section>

      <section className="section" aria-labelledby="mypage-security">
        <h2 id="mypage-security" className="section-title">
          {t("mypage.securitySection")}
        </h2>
        <ul className="row-list">
          {features?.isEnabledPassword && account.isEnabledPassword && (
            <Row
              to={hasPassword ? "/mypage/password/edit" : "/mypage/enable-password"}
              label={t("mypage.password")}
              value={updatedAt ? t("mypage.passwordUpdatedAt", { date: updatedAt }) : null}
            />
          )}
          {account.isEnabledMultiFactor && (
            <Row
              to="/mypage/multi-factor"
              label={t("mypage.multiFactor")}
              // One pair of words for the state everywhere: オン / オフ (issue 41 §16).
              value={
                (account.multiFactorType ?? []).length > 0
                  ? t("mypage.multiFactorOnWith", {
                      methods: (account.multiFactorType ?? [])
                        .map((type) => t(`mypage.multiFactorPage.method.${type}`))
                        .join(t("mypage.listSeparator")),
                    })
                  : t("mypage.multiFactorPage.off")
              }
            />
          )}
          {/* Not inside the native app, whose web view may lack WebAuthn. */}
          {store?.login.passkey && !browserInfo.isApp && (
            <Row to="/mypage/passkeys" label={t("mypage.passkeys")} />
          )}
          <Row to="/mypage/devices" label={t("mypage.devices")} />
          <Row to="/mypage/login-history" label={t("mypage.loginHistory")} />
        </ul>
      </section>

      {features?.isStorePaymentAvailable && (
        <section className="section" aria-labelledby="mypage-payment">
          <h2 id="mypage-payment" className="section-title">
            {t("mypage.paymentSection")}
          </h2>
          <ul className="row-list">
            <Row to="/mypage/payment-method" label={t("mypage.paymentMethod")} />
            <Row to="/mypage/payment-history" label={t("mypage.paymentHistory")} />
          </ul>
        </section>
      )}

      {(features?.isEnabledNewsletter ||
        features?.isEnabledPrivacy ||
        features?.isEnabledPinCode ||
        (features?.isEnabledConnectedApps && !browserInfo.isApp)) && (
        <section className="section" aria-labelledby="mypage-privacy">
          <h2 id="mypage-privacy" className="section-title">
            {t("mypage.privacySection")}
          </h2>
          <ul className="row-list">
            {features.isEnabledNewsletter && (
              <Row
                to="/mypage/consent?type=newsletter"
                label={t("mypage.newsletter")}
                value={consentStateText(consentStates.newsletter)}
              />
            )}
            {features.isEnabledPrivacy && (
              <Row
                to="/mypage/consent?type=privacy"
                label={t("mypage.privacy")}
                value={consentStateText(consentStates.privacy)}
              />
            )}
            {features.isEnabledPinCode && <Row to="/mypage/pin-code" label={t("mypage.pinCode")} />}
            {features.isEnabledConnectedApps && !browserInfo.isApp && (
              <Row to="/mypage/connections" label={t("mypage.connections")} />
            )}
          </ul>
        </section>
      )}

      {!browserInfo.isApp && (
        <ExternalAccounts
          accounts={loaderData.externalAccounts ?? []}
          isUnlinkAllowed={loaderData.isUnlinkAllowed === true}
          error={actionData?.unlinkError ?? (actionData ? t("apiError.fallback") : null)}
        />
      )}

      {!browserInfo.isApp && (
        <section className="section" aria-label={t("mypage.withdraw")}>
          <ul className="row-list">
            <Row to="/withdraw" label={t("mypage.withdraw")} />
          </ul>
        </section>
      )}
    </article>
  );
}
