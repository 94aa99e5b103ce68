import type { IncomingMessage } from "node:http";
import type { Db } from "../db/database.ts";
import type { PasswordHasher } from "../identity/passwords.ts";
import type { RecaptchaVerifier } from "../identity/recaptcha.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SmsSender } from "../mail/sms.ts";
import type { OidcClientSource } from "../oidc/client-source.ts";
import type { OidcService } from "../oidc/service.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { SocialLogin } from "../social/providers.ts";
import type { CatalogueSource } from "../store/catalogue-source.ts";
import type { PolicySource } from "../store/policy-source.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";

/** Everything a handler may use; built once in server/main.ts, or per test. */
export interface ApiDeps {
  db: Db;
  store: StoreSettingsSource;
  /** The plans on offer and the campaign codes (config/plans.json, config/campaigns.json). */
  catalogue: CatalogueSource;
  /** The store's policies (config/policies). */
  policies: PolicySource;
  mailer: Mailer;
  sms: SmsSender;
  /** argon2id; tests pass cheaper parameters. */
  passwords: PasswordHasher;
  recaptcha: RecaptchaVerifier;
  /** Seals authenticator secrets and hashes backup codes under the server's key (ENCRYPTION_KEY). */
  secretBox: SecretBox;
  /** The payment processor (ADR 0028): the sandbox unless another is configured. */
  payments: PaymentProvider;
  /** Injected so tests can move time (PIN expiry, throttling, session sliding). */
  now: () => Date;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
  /**
   * The trusted origin (PUBLIC_ORIGIN or the localhost default): the origin of mailed links and
   * the one origin state-changing calls may come from. Never taken from request headers.
   */
  publicOrigin: string;
  /** TRUST_PROXY: the client address is the one the reverse proxy put last in X-Forwarded-For. */
  trustProxy: boolean;
  /** SESSION_MAX_AGE_DAYS in ms: a session ends this long after its login, however often used. */
  sessionMaxAgeMs: number;
  /**
   * The login provider (server/oidc/service.ts): the interaction a browser is in, and its session
   * to end with the site's. Absent: none runs.
   */
  oidc?: Pick<OidcService, "interaction" | "endSession">;
  /** The social login providers (issue 48): which the store offers, and the protocol with them. */
  social: SocialLogin;
  /** The login provider's clients (config/oidc-clients.json, kept current): connected apps name them. */
  oidcClients?: Pick<OidcClientSource, "current">;
}

/**
 * What the server hands a request besides itself: the Node request when it came over the
 * network (@hono/node-server), or the browser's address when a page's loader or action called
 * the API in-process (server/main.ts).
 */
export interface ApiBindings {
  incoming?: IncomingMessage;
  clientAddress?: string | null;
}

export interface ApiEnv {
  Bindings: ApiBindings;
  Variables: {
    deps: ApiDeps;
    requestId: string;
  };
}
