import common from "./common.json" with { type: "json" };
import error from "./error.json" with { type: "json" };
import format from "./format.json" with { type: "json" };
import login from "./login.json" with { type: "json" };
import screens from "./screens.json" with { type: "json" };
import shell from "./shell.json" with { type: "json" };

/** What every page shows: the shell, the screens' texts, error pages, formats and the login page's. */
export const files = { common, error, format, login, screens, shell };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
