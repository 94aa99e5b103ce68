import validation from "./validation.json" with { type: "json" };
import widgets from "./widgets.json" with { type: "json" };

/** Pages with forms: field labels, validation messages and the widgets' texts. */
export const files = { validation, widgets };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
