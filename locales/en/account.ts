import mypage from "./mypage.json" with { type: "json" };

/** The account area's pages (my page); its switches' texts are the widgets group's. */
export const files = { mypage };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
