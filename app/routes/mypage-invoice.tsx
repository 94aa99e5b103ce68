/**
 * /mypage/invoice/{earningsId} (spec §2, §4 Invoice; issue 45 §2), opened in a new tab from the
 * payment history: first a dialog asks for the addressee (the declarative screen's form, posted
 * through the one form pipeline to POST /zapi/account/invoice/{earningsId}); the API keeps a copy
 * and sends the page on to `?invoiceId=`, where the invoice shows — from its copy, so reloading or
 * printing it later shows the same document.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { SchemaForm } from "../../widgets/schema-form.tsx";
import { InvoiceDocument } from "../components/invoice/invoice-document.tsx";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime, formatPrice } from "../lib/format.ts";
import { screenAction } from "../lib/screen-action.server.ts";
import { INVOICE_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { formScreen } from "../lib/screen-loader.server.ts";
import { inShape } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-invoice";
import "./invoice.css";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";
import "../lib/translations/widgets.ts";
import "../lib/translations/account.ts";
import "../lib/translations/documents.ts";
import "../lib/translations/screens.ts";

/** The addressee form's screen, and the charge and its invoice as the page reads them. */
export async function loader(args: Route.LoaderArgs) {
  const headers = new Headers();
  const page = await formScreen(args, headers);
  const invoicePage = inShape(page.screenData, INVOICE_SCREEN_DATA, "mypage/invoice");
  return data({ ...page, invoicePage }, { headers });
}

export const action = (args: Route.ActionArgs) => screenAction(args);

export default function MypageInvoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { screen } = loaderData;
  const { charge, invoice } = loaderData.invoicePage;
  if (invoice) return <InvoiceDocument invoice={invoice} />;
  const title = t("documents.invoice.dialogLabel");
  return (
    <section className="screen invoice-dialog" role="dialog" aria-labelledby={titleId}>
      <PageTitle name={t("screens.invoice.title")} />
      <h1 id={titleId} className="screen__title">
        {title}
      </h1>
      <p className="screen__lead">{t("documents.invoice.dialogLead")}</p>
      <dl className="invoice-dialog__charge" aria-label={t("documents.invoice.charge")}>
        <div>
          <dt>{t("documents.invoice.chargedAt")}</dt>
          <dd>{formatHistoryDateTime(charge.createdAt)}</dd>
        </div>
        <div>
          <dt>{t("documents.invoice.item")}</dt>
          <dd>{charge.planName}</dd>
        </div>
        <div>
          <dt>{t("documents.invoice.amount")}</dt>
          <dd>{formatPrice(charge.billingAmount, t)}</dd>
        </div>
      </dl>
      <ScreenForms
        screen={screen}
        screenData={loaderData.screenData}
        builtForms={loaderData.forms}
        validatorUrls={loaderData.validatorUrls}
        renderer={SchemaForm}
      />
    </section>
  );
}
