import mypage from "./mypage.json" with { type: "json" };
import plans from "./plans.json" with { type: "json" };

/** The account area's pages (my page, plans); its switches' texts are the widgets group's. */
export const files = { mypage, plans };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
