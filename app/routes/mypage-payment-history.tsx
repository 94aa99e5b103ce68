/**
 * /mypage/payment-history (spec §2, §3 Payment history item; issue 45 §1): the member's payments
 * of the last 12 months, newest first, 20 a page (`?page=`) — date, plan, the method that paid,
 * the amount with the tax in it, what of it was refunded, and the links to its invoice and each
 * refund's return invoice. One table: columns on wide windows, a card per payment on narrow
 * ones (CSS), so it works without its script.
 */

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { methodLabel } from "../../schemas/payment-method-label.ts";
import type { PaymentHistoryItem } from "../../schemas/types/payment-history.gen.ts";
import { ExternalLinkIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime, formatPrice } from "../lib/format.ts";
import { PAYMENT_HISTORY_PAGE } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-payment-history";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

// A page of the account menu (spec §2): the menu, not a Back link.

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  // The API checks the number (400 for anything but 1, 2, …); the page only passes it on.
  const page = pageUrl(args).searchParams.get("page") ?? "1";
  return loadApiData(
    args,
    `/zapi/account/payment-history/${encodeURIComponent(page)}`,
    undefined,
    PAYMENT_HISTORY_PAGE,
  );
}

const COLUMNS = ["createdAt", "planName", "paymentMethod", "billingAmount", "invoice"] as const;

/** The invoice of a payment, in a new tab (spec §2); a payment of ¥0 has none (spec §4). */
function InvoiceLink({ item }: { item: PaymentHistoryItem }) {
  const { t } = useTranslation();
  if (item.billingAmount === 0) return null;
  return (
    <a
      href={`/mypage/invoice/${encodeURIComponent(item.earningsId)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="payment-history__invoice-link"
    >
      {t("mypage.paymentHistoryPage.invoiceLink")}
      <ExternalLinkIcon className="payment-history__external" />
      <span className="visually-hidden">{t("common.opensInNewTab")}</span>
    </a>
  );
}

/** What was given back of a payment, each with its return invoice in a new tab. */
function Refunds({ item }: { item: PaymentHistoryItem }) {
  const { t } = useTranslation();
  return item.refunds?.map((refund) => (
    <span key={refund.refundId} className="payment-history__refund">
      {t("mypage.paymentHistoryPage.refunded", {
        amount: formatPrice(refund.amount, t),
        date: formatHistoryDateTime(refund.refundedAt),
      })}{" "}
      <a
        href={`/mypage/return-invoice/${encodeURIComponent(refund.refundId)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="payment-history__invoice-link"
      >
        {t("mypage.paymentHistoryPage.returnInvoiceLink")}
        <ExternalLinkIcon className="payment-history__external" />
        <span className="visually-hidden">{t("common.opensInNewTab")}</span>
      </a>
    </span>
  ));
}

const pagePath = (page: number) =>
  page === 1 ? "/mypage/payment-history" : `/mypage/payment-history?page=${page}`;

export default function MypagePaymentHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { data, currentPage, lastPage, totalCount } = loaderData;
  const title = t("mypage.paymentHistoryPage.title");
  const cells = (item: PaymentHistoryItem): Record<(typeof COLUMNS)[number], ReactNode> => ({
    createdAt: formatHistoryDateTime(item.createdAt),
    planName: item.planName,
    paymentMethod: item.accountPaymentMethod
      ? methodLabel(item.accountPaymentMethod, t)
      : t("mypage.paymentHistoryPage.noMethod"),
    billingAmount: (
      <span className="payment-history__amount">
        {formatPrice(item.billingAmount, t)}
        <Refunds item={item} />
      </span>
    ),
    invoice: <InvoiceLink item={item} />,
  });

  return (
    <article className="screen payment-history">
      <PageTitle name={title} />
      <h1 className="screen__title">{title}</h1>
      <p className="screen__lead">{t("mypage.paymentHistoryPage.lead")}</p>

      {data.length === 0 ? (
        <p className="alert">
          {totalCount === 0
            ? t("mypage.paymentHistoryPage.empty")
            : t("mypage.paymentHistoryPage.pastTheEnd")}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table payment-history__table">
            <caption className="visually-hidden">
              {t("mypage.paymentHistoryPage.caption", { page: currentPage, pages: lastPage })}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={`payment-history__${column}`}>
                    {t(`mypage.paymentHistoryPage.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((item) => {
                const row = cells(item);
                return (
                  <tr key={item.earningsId}>
                    {COLUMNS.map((column) => (
                      <td
                        key={column}
                        className={`payment-history__${column}`}
                        data-label={t(`mypage.paymentHistoryPage.${column}`)}
                      >
                        {row[column]}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {lastPage > 1 && (
        <nav className="payment-history__pager" aria-label={t("mypage.paymentHistoryPage.pages")}>
          {currentPage > 1 && (
            <Link to={pagePath(Math.min(currentPage - 1, lastPage))} rel="prev">
              {t("mypage.paymentHistoryPage.newer")}
            </Link>
          )}
          <span aria-current="page">
            {t("mypage.paymentHistoryPage.pageOf", { page: currentPage, pages: lastPage })}
          </span>
          {currentPage < lastPage && (
            <Link to={pagePath(currentPage + 1)} rel="next">
              {t("mypage.paymentHistoryPage.older")}
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
