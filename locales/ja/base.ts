import common from "./common.json" with { type: "json" };
import error from "./error.json" with { type: "json" };
import format from "./format.json" with { type: "json" };
import shell from "./shell.json" with { type: "json" };

/** What every page shows: the shell, error pages and formats. */
export const files = { common, error, format, shell };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
