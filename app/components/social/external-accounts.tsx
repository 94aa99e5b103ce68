/**
 * My page's external ID list (spec §2, issue 48 §3): each provider the store offers with its
 * state, and what the member can do — the "logging in" marker for the one this session came
 * through, an unlink button while more are linked than the account must keep, a connect link for
 * an unlinked one. The unlink asks in the confirm dialog, whose button posts to /mypage's action.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ExternalAccount } from "../../../schemas/types/external-account.gen.ts";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";
import "./external-accounts.css";

export type { ExternalAccount };

/** The form field that tells /mypage's action what to do. */
export const UNLINK_INTENT = "unlinkExternalAccount";

function connectHref(type: string): string {
  return `/auth/authorize?${new URLSearchParams({ userIdentifierType: type, socialActionType: "enableExternalAuth" })}`;
}

export function ExternalAccounts(props: {
  accounts: readonly ExternalAccount[];
  isUnlinkAllowed: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { asked, ask, closeTo } = useConfirmQuestion();
  if (props.accounts.length === 0) return null;
  const unlinking =
    asked?.kind === UNLINK_INTENT && props.isUnlinkAllowed
      ? props.accounts.find((account) => account.userIdentifierType === asked.about && account.isLinked)
      : undefined;
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t("mypage.external.title")}
      </h2>
      {props.error && (
        <p className="alert alert--error" role="alert">
          {props.error}
        </p>
      )}
      <ul className="row-list">
        {props.accounts.map((account) => (
          <li key={account.userIdentifierType} className="row-list__item">
            <div className="row-list__row external-account">
              <span className="row-list__label">{account.userIdentifierName}</span>
              <span className="row-list__value">
                {t(account.isLinked ? "mypage.external.linked" : "mypage.external.notLinked")}
              </span>
              {account.isLogin ? (
                <span className="badge external-account__login">{t("mypage.external.loggingIn")}</span>
              ) : account.isLinked ? (
                props.isUnlinkAllowed && (
                  <Link
                    className="btn btn--secondary external-account__action"
                    to={ask(UNLINK_INTENT, account.userIdentifierType)}
                    replace
                    preventScrollReset
                    aria-label={t("mypage.external.unlinkNamed", { name: account.userIdentifierName })}
                  >
                    {t("mypage.external.unlink")}
                  </Link>
                )
              ) : (
                // A link leaving for the provider: a full page load, not client navigation.
                <a
                  className="btn btn--secondary external-account__action"
                  href={connectHref(account.userIdentifierType)}
                  aria-label={t("mypage.external.connectNamed", { name: account.userIdentifierName })}
                >
                  {t("mypage.external.connect")}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      {unlinking && (
        <ConfirmDialog
          title={t("mypage.external.unlinkTitle", { name: unlinking.userIdentifierName })}
          closeTo={closeTo}
          closeLabel={t("mypage.external.cancel")}
          confirmLabel={t("mypage.external.unlinkYes")}
          fields={{ intent: UNLINK_INTENT, userIdentifierType: unlinking.userIdentifierType }}
        >
          <p>{t("mypage.external.unlinkBody", { name: unlinking.userIdentifierName })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
