import passkeys from "./passkeys.json" with { type: "json" };

/** My page's passkeys page (the login pages' passkey button is the forms group's). */
export const files = { passkeys };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
