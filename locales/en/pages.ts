import pages from "./pages.json" with { type: "json" };

/** The texts of the pages that are not screens and are few: the top page, the logout, the licences, a policy and the login provider's error page. */
export const files = { pages };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
