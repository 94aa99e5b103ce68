import common from "./common.json" with { type: "json" };

/** Every resource file of this language, merged into the single `translation` namespace. */
export default { ...common };
