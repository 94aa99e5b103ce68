/** What every room's handlers may use: the slice of the API's dependencies the kit itself reads. */
import type { Db } from "../db/database.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";

export interface KitDeps {
  db: Db;
  store: StoreSettingsSource;
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
}
