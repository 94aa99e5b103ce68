/**
 * A qualified return invoice (適格返還請求書, 消費税法 57条の4 ③): the issuer's name and registration
 * number, the day of the refund and the day of the sale it gives back from, what it was for, the
 * amount refunded with tax, and per tax rate the net amount and the tax (rounded down once, ADR
 * 0029). Laid out as the invoice is (invoice.css), one A4 page on paper.
 */

import { useTranslation } from "react-i18next";
import type { ReturnInvoice } from "../../../schemas/types/return-invoice.gen.ts";
import { formatDate } from "../../lib/format.ts";
import { PageTitle } from "../shell/page-title.tsx";
import { IssuerBlock, PrintButton, TaxByRate, useInvoiceYen } from "./invoice-parts.tsx";

export function ReturnInvoiceDocument({ invoice }: { invoice: ReturnInvoice }) {
  const { t } = useTranslation();
  const title = t("documents.returnInvoice.title");
  const amount = useInvoiceYen();
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
        <IssuerBlock issuer={issuer} />
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

      <TaxByRate
        caption={t("documents.returnInvoice.taxSummary")}
        amountLabel={t("documents.returnInvoice.amount")}
        rate={invoice.taxRate}
        net={invoice.netAmount}
        tax={invoice.taxAmount}
        amount={invoice.amount}
      />

      {invoice.orderInfoId && (
        <dl className="invoice__footer">
          <div>
            <dt>{t("documents.returnInvoice.orderInfoId")}</dt>
            <dd className="invoice__id">{invoice.orderInfoId}</dd>
          </div>
        </dl>
      )}

      <PrintButton />
    </article>
  );
}
