import oidc from "./oidc.json" with { type: "json" };

/** The login provider's own pages (consent; connected apps and sign-up inside the flow later). */
export const files = { oidc };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
