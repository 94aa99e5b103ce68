/** The slice of the API's dependencies that the login provider's screens need (server/api/context.ts builds them). */
import type { OidcClientSource } from "./client-source.ts";
import type { OidcService } from "./service.ts";

export interface OidcDeps {
  /** The interaction a browser is in, and its session to end with the site's. Absent: none runs. */
  oidc?: Pick<OidcService, "interaction" | "endSession">;
  /** The login provider's clients (config/oidc-clients.json, kept current): connected apps name them. */
  oidcClients?: Pick<OidcClientSource, "current">;
}
