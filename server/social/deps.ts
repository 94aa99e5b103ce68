/** The slice of the API's dependencies that social login needs (server/api/context.ts builds them). */
import type { SocialLogin } from "./providers.ts";

export interface SocialDeps {
  /** The social login providers: which the store offers, and the protocol with them. */
  social: SocialLogin;
}
