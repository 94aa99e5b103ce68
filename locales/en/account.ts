import mypage from "./mypage.json" with { type: "json" };
import widgets from "./widgets.json" with { type: "json" };

/** The account area's pages (my page); the switches there are widgets. */
export const files = { mypage, widgets };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
