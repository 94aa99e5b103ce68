/**
 * GET /form-validators/<hash>.js: a form's precompiled validators as an ES module (ADR 0012,
 * app/lib/form-validators.server.ts). The name is the hash of the content, so the answer never
 * changes and browsers may keep it for a year. A name this process did not make is a 404: the
 * page's form then submits without checking in the browser, and the API's validation answers.
 */
import { formValidatorModules } from "../lib/form-validators.server.ts";
import type { Route } from "./+types/form-validator";

export function loader({ params }: Route.LoaderArgs) {
  const source = formValidatorModules.sourceOf(params.file ?? "");
  if (source === undefined) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
