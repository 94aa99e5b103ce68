import form from "./form.json" with { type: "json" };
import login from "./login.json" with { type: "json" };
import validation from "./validation.json" with { type: "json" };

/**
 * Pages with forms: what every form shows (badges, buttons), field labels, validation messages and
 * the login page's texts (widgets.ts: the schema forms' widgets).
 */
export const files = { form, validation, login };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
