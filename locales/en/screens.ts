import screens from "./screens.json" with { type: "json" };

/** The declarative screens' texts (ScreenView and the bodies it draws). */
export const files = { screens };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
