import documents from "./documents.json" with { type: "json" };

/** The documents a member prints: the invoice (with its addressee dialog) and the return invoice. */
export const files = { documents };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
