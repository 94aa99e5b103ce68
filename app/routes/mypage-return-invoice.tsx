/**
 * /mypage/return-invoice/{refundId}: a refund of the member's payment as its qualified return
 * invoice (適格返還請求書), linked from the payment history and the refund mail; opened in a new tab
 * and printable like the invoice. Another member's refund, or none, is not found.
 */
import { ReturnInvoiceDocument } from "../components/invoice/return-invoice-document.tsx";
import { RETURN_INVOICE } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-return-invoice";
import "./invoice.css";
// The account area's and the documents' texts (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";
import "../lib/translations/documents.ts";

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const refundId = encodeURIComponent(args.params.refundId);
  return loadApiData(
    args,
    `/zapi/internal/mypage/return-invoice/${refundId}/screen-data`,
    undefined,
    RETURN_INVOICE,
  );
}

export default function MypageReturnInvoice({ loaderData }: Route.ComponentProps) {
  return <ReturnInvoiceDocument invoice={loaderData} />;
}
