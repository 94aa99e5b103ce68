/**
 * POST /console/assets: an image the settings form's image field uploads (JSON, the file's bytes in
 * base64), passed to the API with the console session; answers `{ url }`, or `{ message }` in the
 * staff member's language.
 */
import { detectLanguage, translatorFor } from "../../locales/language.ts";
import { callApi } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-assets";

/** The API's own limit for this call (server/api/app.ts): a larger body is refused unread. */
const MAX_BODY_BYTES = 1400 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

export async function action(args: Route.ActionArgs) {
  const length = Number(args.request.headers.get("Content-Length") ?? Number.NaN);
  if (!(length <= MAX_BODY_BYTES)) {
    const t = await translatorFor(detectLanguage(args.request));
    return Response.json(
      { message: t("api.console.asset.size", { megabytes: 1 }) },
      { status: 413, headers: NO_STORE },
    );
  }
  const body: unknown = await args.request.json().catch(() => null);
  const result = await callApi(args, "/zapi/console/assets", { body });
  return result.ok
    ? Response.json({ url: result.answer.url }, { headers: NO_STORE })
    : Response.json({ message: result.message }, { status: result.status, headers: NO_STORE });
}
