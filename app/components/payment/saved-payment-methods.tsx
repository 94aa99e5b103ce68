/**
 * The member's saved payment methods on /mypage/payment-method (spec §2, §9): a card as its brand,
 * last four digits and expiry month/year (marked expired after the end of its month, Japan time),
 * another type by its name; each with a delete link that asks in the confirm dialog first. A
 * method a contract uses cannot be deleted (spec §6) and says so.
 */

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { japanToday } from "../../../schemas/japan-time.ts";
import { methodLabel } from "../../../schemas/payment-method-label.ts";
import type { AccountPaymentMethod } from "../../../schemas/types/payment-method.gen.ts";
import type { PaymentMethodScreenData } from "../../../schemas/types/payment-method-screen-data.gen.ts";
import { DELETE_INTENT } from "../../lib/payment-method-call.ts";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";

/** Whether a card expiring in `expireDate` (YYYYMM) is past the end of its month in Japan. */
export function isCardExpired(expireDate: string, now: Date): boolean {
  const today = japanToday(now);
  return Number(expireDate) < today.year * 100 + today.month;
}

function SavedMethod({ method }: { method: AccountPaymentMethod }) {
  const { t } = useTranslation();
  const { ask } = useConfirmQuestion();
  const labelId = useId();
  const label = methodLabel(method, t);
  const card = method.SbpsCreditInfo;
  const expired = card ? isCardExpired(card.expireDate, new Date()) : false;
  return (
    <li className="row-list__item">
      <div className="row-list__row payment-method">
        <div className="payment-method__text">
          <span id={labelId} className="row-list__label">
            {label}
          </span>
          {card && (
            <span className="payment-method__expiry">
              {t("mypage.paymentMethodPage.expiry", {
                month: card.expireDate.slice(4, 6),
                year: card.expireDate.slice(0, 4),
              })}
              {expired && (
                <span className="badge badge--danger">{t("mypage.paymentMethodPage.expired")}</span>
              )}
            </span>
          )}
          {method.isContractUsed && (
            <span className="payment-method__note">
              {t("mypage.paymentMethodPage.inUse")}
              <span>
                {t("mypage.paymentMethodPage.inUseHint")}{" "}
                <Link to="/mypage/plans">{t("mypage.paymentMethodPage.changePlanMethod")}</Link>
              </span>
            </span>
          )}
        </div>
        {!method.isContractUsed && (
          <Link
            className="btn btn--secondary btn--sm payment-method__delete"
            to={ask(DELETE_INTENT, method.accountPaymentMethodId)}
            replace
            preventScrollReset
            aria-label={t("mypage.paymentMethodPage.deleteLabel", { method: label })}
          >
            {t("mypage.paymentMethodPage.delete")}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The question before a saved method is deleted, for `?confirm=delete&about={id}`. */
function DeleteDialog({ methods }: { methods: readonly AccountPaymentMethod[] }) {
  const { t } = useTranslation();
  const { asked, closeTo } = useConfirmQuestion();
  if (asked?.kind !== DELETE_INTENT) return null;
  const method = methods.find(
    (candidate) => candidate.accountPaymentMethodId === asked.about && !candidate.isContractUsed,
  );
  if (!method) return null;
  const label = methodLabel(method, t);
  return (
    <ConfirmDialog
      title={t("mypage.paymentMethodPage.confirmDelete", { method: label })}
      closeTo={closeTo}
      closeLabel={t("mypage.paymentMethodPage.cancel")}
      confirmLabel={t("mypage.paymentMethodPage.confirmDeleteYes")}
      fields={{ intent: DELETE_INTENT, accountPaymentMethodId: method.accountPaymentMethodId }}
    >
      <p>{t("mypage.paymentMethodPage.deleteBody")}</p>
    </ConfirmDialog>
  );
}

/** The intro of /mypage/payment-method: the saved methods, or that there are none. */
export function SavedPaymentMethods({ screenData }: { screenData: PaymentMethodScreenData }) {
  const { t } = useTranslation();
  const methods = screenData.paymentMethods;
  return (
    <section className="section" aria-labelledby="payment-methods-saved">
      <h2 id="payment-methods-saved" className="section-title">
        {t("mypage.paymentMethodPage.savedTitle")}
      </h2>
      {methods.length === 0 ? (
        <p className="payment-method__none">{t("mypage.paymentMethodPage.noneSaved")}</p>
      ) : (
        <ul className="row-list">
          {methods.map((method) => (
            <SavedMethod key={method.accountPaymentMethodId} method={method} />
          ))}
        </ul>
      )}
      <DeleteDialog methods={methods} />
    </section>
  );
}
