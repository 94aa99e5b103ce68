import mypage from "./mypage.json" with { type: "json" };
import social from "./social.json" with { type: "json" };

/**
 * The account area's pages (my page) and social login's (its pages and the account's links); its
 * switches' texts are the widgets group's.
 */
export const files = { mypage, social };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
