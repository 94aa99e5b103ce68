import type { Db } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SmsSender } from "../mail/sms.ts";
import type { StoreSettingsSource } from "../store/store-settings-source.ts";

/** Everything a handler may use; built once in server/main.ts, or per test. */
export interface ApiDeps {
  db: Db;
  store: StoreSettingsSource;
  mailer: Mailer;
  sms: SmsSender;
  /** Injected so tests can move time (PIN expiry, throttling, session sliding). */
  now: () => Date;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    requestId: string;
  };
}
