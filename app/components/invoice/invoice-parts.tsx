/**
 * What an invoice and a return invoice show alike (invoice.css lays both out): the issuer with its
 * logo, address and registration number; the amounts per tax rate, net, tax and with tax; the
 * print button. Yen are written one way (`¥1,000`) in both languages.
 */
import { useTranslation } from "react-i18next";
import type { InvoiceIssuer } from "../../../schemas/types/invoice.gen.ts";
import { YEN_DIGITS } from "../../../schemas/yen.ts";

export function useInvoiceYen(): (value: number) => string {
  const { t } = useTranslation();
  return (value) => t("documents.invoice.yen", { amount: YEN_DIGITS.format(value) });
}

export function IssuerBlock({ issuer }: { issuer: InvoiceIssuer }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The one tax rate's line: net, tax and the amount with tax (rounded down once, ADR 0029). */
export function TaxByRate({
  caption,
  amountLabel,
  rate,
  net,
  tax,
  amount,
}: {
  caption: string;
  amountLabel: string;
  rate: number;
  net: number;
  tax: number;
  amount: number;
}) {
  const { t } = useTranslation();
  const yen = useInvoiceYen();
  return (
    <table className="invoice__table invoice__tax">
      <caption>{caption}</caption>
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
            {amountLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t("documents.invoice.rate", { rate })}</th>
          <td className="invoice__number" data-label={t("documents.invoice.net")}>
            {yen(net)}
          </td>
          <td className="invoice__number" data-label={t("documents.invoice.tax")}>
            {yen(tax)}
          </td>
          <td className="invoice__number" data-label={amountLabel}>
            {yen(amount)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function PrintButton() {
  const { t } = useTranslation();
  return (
    <p className="invoice__actions">
      <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
        {t("documents.invoice.print")}
      </button>
    </p>
  );
}
