import type { IncomingMessage } from "node:http";
import type { BillingApiDeps } from "../billing/deps.ts";
import type { CommerceDeps } from "../commerce/deps.ts";
import type { ConsoleApiDeps } from "../console/deps.ts";
import type { IdentityDeps } from "../identity/deps.ts";
import type { KitDeps } from "../kit/deps.ts";
import type { OidcDeps } from "../oidc/deps.ts";
import type { PaymentsDeps } from "../payments/deps.ts";
import type { SocialDeps } from "../social/deps.ts";

/**
 * Everything a handler may use: each room declares the slice it needs (its deps.ts), and the root
 * composes them; built once in server/main.ts, or per test.
 */
export type ApiDeps = KitDeps &
  // First: where two slices name the login provider, its own (fuller) view answers calls.
  OidcDeps &
  IdentityDeps &
  CommerceDeps &
  BillingApiDeps &
  PaymentsDeps &
  SocialDeps &
  ConsoleApiDeps;

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
