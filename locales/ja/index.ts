import common from "./common.json" with { type: "json" };
import error from "./error.json" with { type: "json" };
import format from "./format.json" with { type: "json" };
import login from "./login.json" with { type: "json" };
import mypage from "./mypage.json" with { type: "json" };
import screens from "./screens.json" with { type: "json" };
import shell from "./shell.json" with { type: "json" };
import validation from "./validation.json" with { type: "json" };
import widgets from "./widgets.json" with { type: "json" };

/**
 * Every resource file of this language the pages use, merged into the single `translation`
 * namespace; the API's messages (api.json) are the server's alone (locales/index.ts). Each file
 * owns distinct top-level keys (locales/locales.test.ts checks that no two files share one).
 */
export const files = { common, error, format, login, mypage, screens, shell, validation, widgets };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
