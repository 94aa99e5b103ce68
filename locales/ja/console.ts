import consoleTexts from "./console.json" with { type: "json" };

/** The operator console's pages (/console). */
export const files = { console: consoleTexts };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
