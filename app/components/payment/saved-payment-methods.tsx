/**
 * The member's saved payment methods on /mypage/payment-method (spec §2, §9): a card as its brand,
 * last four digits and expiry month/year (marked expired after the end of its month, Japan time),
 * another type by its name; each with a delete button that asks once more before it posts. A
 * method a contract uses cannot be deleted (spec §6) and says so.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { japanToday } from "../../../schemas/japan-date.ts";
import type { AccountPaymentMethod } from "../../../schemas/types/payment-method.gen.ts";
import { DELETE_INTENT } from "../../lib/payment-method-call.ts";
import { methodLabel } from "./method-label.ts";

/** Whether a card expiring in `expireDate` (YYYYMM) is past the end of its month in Japan. */
export function isCardExpired(expireDate: string, now: Date): boolean {
  const today = japanToday(now);
  return Number(expireDate) < today.year * 100 + today.month;
}

function SavedMethod({ method }: { method: AccountPaymentMethod }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const label = methodLabel(method, t);
  const card = method.SbpsCreditInfo;
  const expired = card ? isCardExpired(card.expireDate, new Date()) : false;
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get("accountPaymentMethodId") === method.accountPaymentMethodId;
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
            <span className="payment-method__note">{t("mypage.paymentMethodPage.inUse")}</span>
          )}
        </div>
        {!method.isContractUsed && (
          <Form
            method="post"
            className="payment-method__delete"
            onSubmit={(event) => {
              // With the script, the first press asks; the second (or a press without it) deletes.
              if (!confirming) {
                event.preventDefault();
                setConfirming(true);
              }
            }}
          >
            <input type="hidden" name="intent" value={DELETE_INTENT} />
            <input type="hidden" name="accountPaymentMethodId" value={method.accountPaymentMethodId} />
            {confirming && (
              <span className="payment-method__confirm" role="status">
                {t("mypage.paymentMethodPage.confirmDelete", { method: label })}
              </span>
            )}
            <span className="btn-row">
              <button
                type="submit"
                className={confirming ? "btn btn--danger btn--sm" : "btn btn--secondary btn--sm"}
                aria-label={
                  confirming ? undefined : t("mypage.paymentMethodPage.deleteLabel", { method: label })
                }
                aria-busy={deleting || undefined}
                disabled={deleting}
              >
                {confirming
                  ? t("mypage.paymentMethodPage.confirmDeleteYes")
                  : t("mypage.paymentMethodPage.delete")}
              </button>
              {confirming && (
                <button type="button" className="btn btn--text btn--sm" onClick={() => setConfirming(false)}>
                  {t("mypage.paymentMethodPage.cancel")}
                </button>
              )}
            </span>
          </Form>
        )}
      </div>
    </li>
  );
}

/** The intro of /mypage/payment-method: the saved methods, or that there are none. */
export function SavedPaymentMethods({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const methods = Array.isArray(screenData.paymentMethods)
    ? (screenData.paymentMethods as AccountPaymentMethod[])
    : [];
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
    </section>
  );
}
