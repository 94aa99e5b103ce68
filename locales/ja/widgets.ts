import widgets from "./widgets.json" with { type: "json" };

/** The schema forms' widgets (postal search, PIN boxes, policies…), and my page's switches. */
export const files = { widgets };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
