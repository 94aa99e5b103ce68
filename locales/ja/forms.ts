import login from "./login.json" with { type: "json" };
import validation from "./validation.json" with { type: "json" };
import widgets from "./widgets.json" with { type: "json" };

/** Pages with forms: field labels, validation messages, the widgets' texts and the login page's. */
export const files = { validation, widgets, login };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
