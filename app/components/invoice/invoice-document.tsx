/**
 * A qualified invoice as issued (適格請求書, 消費税法 57条の4 ①; issue 45 §2; spec §3 Invoice): the
 * issuer's name, logo and registration number, the date, what was bought and how it was paid, the
 * amount with tax, and per tax rate the net amount and the tax (rounded down once, ADR 0029), to
 * the addressee the member named, with what the money was for (但し書き) and the issuer's address
 * when the store gives one. A copy issued again shows the payment's one number, marked 再発行 with
 * its date and the first issue's. One A4 page on paper: the print stylesheet (invoice.css) drops
 * the site around it. Dates are written one way per language.
 */

import { useTranslation } from "react-i18next";
import { methodLabel } from "../../../schemas/payment-method-label.ts";
import type { Invoice } from "../../../schemas/types/invoice.gen.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { PageTitle } from "../shell/page-title.tsx";
import { IssuerBlock, PrintButton, TaxByRate, useInvoiceYen } from "./invoice-parts.tsx";

export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const title = t("screens.invoice.title");
  const amount = useInvoiceYen();
  // None: the addressee alone.
  const honorific =
    invoice.honorific === "none" ? "" : t(`documents.invoice.honorifics.${invoice.honorific}`);
  const method = invoice.accountPaymentMethod
    ? methodLabel(invoice.accountPaymentMethod, t)
    : t("documents.invoice.noMethod");
  const { issuer } = invoice;
  // A copy issued again carries the payment's number, marked so and dated twice.
  const reissued = invoice.copyNumber > 0;
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <PageTitle name={title} />
      <header className="invoice__head">
        <h1 id="invoice-title" className="invoice__title">
          {title}
          {issuer.invoiceRegistrationNumber && (
            <span className="invoice__kind">{t("documents.invoice.qualified")}</span>
          )}
          {reissued && <span className="invoice__reissued">{t("documents.invoice.reissued")}</span>}
        </h1>
        <dl className="invoice__meta">
          {reissued ? (
            <>
              <div>
                <dt>{t("documents.invoice.firstIssuedAt")}</dt>
                <dd>{formatDate(invoice.firstIssuedAt, t)}</dd>
              </div>
              <div>
                <dt>{t("documents.invoice.reissuedAt")}</dt>
                <dd>{formatDate(invoice.issuedAt, t)}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{t("documents.invoice.issuedAt")}</dt>
              <dd>{formatDate(invoice.issuedAt, t)}</dd>
            </div>
          )}
          <div>
            <dt>{t("documents.invoice.invoiceNumber")}</dt>
            <dd className="invoice__id">{invoice.invoiceNumber}</dd>
          </div>
        </dl>
      </header>

      <div className="invoice__parties">
        <div className="invoice__to">
          {invoice.addressee && (
            <p className="invoice__addressee">
              {invoice.addressee}
              {honorific && <span className="invoice__honorific"> {honorific}</span>}
            </p>
          )}
          <p className="invoice__total">
            <span className="invoice__total-label">{t("documents.invoice.total")}</span>
            <span className="invoice__total-amount">{amount(invoice.billingAmount)}</span>
          </p>
          <p>{t("documents.invoice.forItem", { item: invoice.planName })}</p>
          <p>{t("documents.invoice.received")}</p>
        </div>
        <IssuerBlock issuer={issuer} />
      </div>

      <table className="invoice__table">
        <caption>{t("documents.invoice.details")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("documents.invoice.chargedAt")}</th>
            <th scope="col">{t("documents.invoice.item")}</th>
            <th scope="col">{t("documents.invoice.paymentMethod")}</th>
            <th scope="col" className="invoice__number">
              {t("documents.invoice.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label={t("documents.invoice.chargedAt")}>{formatDateTime(invoice.createdAt, t)}</td>
            <td data-label={t("documents.invoice.item")}>{invoice.planName}</td>
            <td data-label={t("documents.invoice.paymentMethod")}>{method}</td>
            <td className="invoice__number" data-label={t("documents.invoice.amount")}>
              {amount(invoice.billingAmount)}
            </td>
          </tr>
        </tbody>
      </table>

      <TaxByRate
        caption={t("documents.invoice.taxSummary")}
        amountLabel={t("documents.invoice.amount")}
        rate={invoice.taxRate}
        net={invoice.netBillingAmount}
        tax={invoice.taxAmount}
        amount={invoice.billingAmount}
      />

      <dl className="invoice__footer">
        <div>
          <dt>{t("documents.invoice.orderInfoId")}</dt>
          <dd className="invoice__id">{invoice.orderInfoId}</dd>
        </div>
        {invoice.contactEmail && (
          <div>
            <dt>{t("documents.invoice.contactEmail")}</dt>
            <dd>{invoice.contactEmail}</dd>
          </div>
        )}
      </dl>

      <PrintButton />
    </article>
  );
}
