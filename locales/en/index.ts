import { files as account } from "./account.ts";
import { files as base } from "./base.ts";
import { files as consoleFiles } from "./console.ts";
import { files as documents } from "./documents.ts";
import { files as forms } from "./forms.ts";
import { files as oidc } from "./oidc.ts";
import { files as pages } from "./pages.ts";
import { files as plans } from "./plans.ts";
import { files as screens } from "./screens.ts";
import { files as security } from "./security.ts";
import { files as widgets } from "./widgets.ts";

/**
 * Every resource file of this language the pages use, merged into the single `translation`
 * namespace; the browser loads them by group (base.ts, screens.ts, account.ts, plans.ts, documents.ts, security.ts, pages.ts, forms.ts, oidc.ts, console.ts: locales/index.ts) and
 * the API's messages (api.json) are the server's alone. Each file owns distinct top-level keys
 * (locales/locales.test.ts checks that no two files share one).
 */
export const files = {
  ...base,
  ...screens,
  ...account,
  ...plans,
  ...documents,
  ...security,
  ...pages,
  ...forms,
  ...widgets,
  ...oidc,
  ...consoleFiles,
};

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
