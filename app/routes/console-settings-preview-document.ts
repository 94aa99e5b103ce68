/**
 * /console/settings/:kind/preview/:screen?of=draft|inForce&lng=ja|en&subject=: one member screen
 * rendered under the staff member's draft of a configuration (or the version in force) as the QA
 * gallery renders it — a document without scripts, under its own strict policy, that only the
 * console may frame.
 */
import { data } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "../../locales/index.ts";
import { isEditableKind } from "../../schemas/forms/configuration-forms.ts";
import { PREVIEW_CONTENT_SECURITY_POLICY, previewDocument } from "../lib/console-preview.server.ts";
import { isPreviewScreen, PREVIEW_SCREENS_OF } from "../lib/console-preview.ts";
import { CONSOLE_PREVIEW_SETTINGS } from "../lib/screen-data-shapes.server.ts";
import { loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-settings-preview-document";

export async function loader(args: Route.LoaderArgs) {
  const { kind, screen } = args.params;
  if (!isEditableKind(kind) || !isPreviewScreen(screen) || !PREVIEW_SCREENS_OF[kind].includes(screen)) {
    throw data(null, { status: 404 });
  }
  const query = pageUrl(args).searchParams;
  const of = query.get("of") === "inForce" ? "inForce" : "draft";
  const requested = query.get("lng");
  const language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  const { settings, version, screenData } = await loadApiData(
    args,
    `/zapi/console/settings/${kind}/preview-data?${new URLSearchParams({ of, lng: language, subject: query.get("subject") ?? "" })}`,
    undefined,
    CONSOLE_PREVIEW_SETTINGS,
  );
  const html = await previewDocument(screen, settings, version, language, screenData[screen]);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": PREVIEW_CONTENT_SECURITY_POLICY,
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
