/**
 * A qualified return invoice (適格返還請求書, 消費税法 57条の4 ③): the issuer's name and registration
 * number, the day of the refund and the day of the sale it gives back from, what it was for, the
 * amount refunded with tax, and per tax rate the net amount and the tax (rounded down once, ADR
 * 0029). Laid out as the invoice is (invoice.css), one A4 page on paper.
 */

import { useTranslation } from "react-i18next";
import type { ReturnInvoice } from "../../../schemas/types/return-invoice.gen.ts";
import { YEN_DIGITS } from "../../../schemas/yen.ts";
import { formatDate } from "../../lib/format.ts";
import { PageTitle } from "../shell/page-title.tsx";

export function ReturnInvoiceDocument({ invoice }: { invoice: ReturnInvoice }) {
  const { t } = useTranslation();
  const title = t("documents.returnInvoice.title");
  const amount = (value: number) => t("documents.invoice.yen", { amount: YEN_DIGITS.format(value) });
  const { issuer } = invoice;
  return (
    <article className="invoice" aria-labelledby="return-invoice-title">
      <PageTitle name={title} />
      <header className="invoice__head">
        <h1 id="return-invoice-title" className="invoice__title">
          {title}
          {issuer.invoiceRegistrationNumber && (
            <span className="invoice__kind">{t("documents.returnInvoice.qualified")}</span>
          )}
        </h1>
        <dl className="invoice__meta">
          <div>
            <dt>{t("documents.returnInvoice.refundedAt")}</dt>
            <dd>{formatDate(invoice.refundedAt, t)}</dd>
          </div>
          <div>
            <dt>{t("documents.returnInvoice.number")}</dt>
            <dd className="invoice__id">{invoice.returnInvoiceNumber}</dd>
          </div>
        </dl>
      </header>

      <div className="invoice__parties">
        <div className="invoice__to">
          <p className="invoice__total">
            <span className="invoice__total-label">{t("documents.returnInvoice.total")}</span>
            <span className="invoice__total-amount">{amount(invoice.amount)}</span>
          </p>
          <p>{t("documents.returnInvoice.forItem", { item: invoice.planName })}</p>
          <p>{t("documents.returnInvoice.lead")}</p>
        </div>
        <div className="invoice__issuer">
          <img className="invoice__logo" src={issuer.logoUrl} alt="" />
          <p className="invoice__issuer-name">{issuer.businessName}</p>
          {issuer.address && (
            <p className="invoice__issuer-address">
              <span className="visually-hidden">{t("documents.invoice.issuerAddress")}: </span>
              {issuer.address}
            </p>
          )}
          {issuer.invoiceRegistrationNumber && (
            <p>
              {t("documents.invoice.registrationNumber")}: {issuer.invoiceRegistrationNumber}
            </p>
          )}
        </div>
      </div>

      <table className="invoice__table">
        <caption>{t("documents.returnInvoice.details")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("documents.returnInvoice.chargedAt")}</th>
            <th scope="col">{t("documents.returnInvoice.item")}</th>
            <th scope="col" className="invoice__number">
              {t("documents.returnInvoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label={t("documents.returnInvoice.chargedAt")}>{formatDate(invoice.chargedAt, t)}</td>
            <td data-label={t("documents.returnInvoice.item")}>{invoice.planName}</td>
            <td className="invoice__number" data-label={t("documents.returnInvoice.amount")}>
              {amount(invoice.amount)}
            </td>
          </tr>
        </tbody>
      </table>

      <table className="invoice__table invoice__tax">
        <caption>{t("documents.returnInvoice.taxSummary")}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col" className="invoice__number">
              {t("documents.invoice.net")}
            </th>
            <th scope="col" className="invoice__number">
              {t("documents.invoice.tax")}
            </th>
            <th scope="col" className="invoice__number">
              {t("documents.returnInvoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("documents.invoice.rate", { rate: invoice.taxRate })}</th>
            <td className="invoice__number" data-label={t("documents.invoice.net")}>
              {amount(invoice.netAmount)}
            </td>
            <td className="invoice__number" data-label={t("documents.invoice.tax")}>
              {amount(invoice.taxAmount)}
            </td>
            <td className="invoice__number" data-label={t("documents.returnInvoice.amount")}>
              {amount(invoice.amount)}
            </td>
          </tr>
        </tbody>
      </table>

      {invoice.orderInfoId && (
        <dl className="invoice__footer">
          <div>
            <dt>{t("documents.returnInvoice.orderInfoId")}</dt>
            <dd className="invoice__id">{invoice.orderInfoId}</dd>
          </div>
        </dl>
      )}

      <p className="invoice__actions">
        <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
          {t("documents.invoice.print")}
        </button>
      </p>
    </article>
  );
}
