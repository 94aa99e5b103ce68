/** The slice of the API's dependencies that identity needs (the root builds them all: server/api/context.ts). */

import type { SecretBox } from "../kit/secret-box.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SmsSender } from "../mail/sms.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { PolicySource } from "../store/policy-source.ts";
import type { LeakedPasswordCheck } from "./leaked-passwords.ts";
import type { PasswordHasher } from "./passwords.ts";
import type { RecaptchaVerifier } from "./recaptcha.ts";

export interface IdentityDeps {
  /** The store's policies (config/policies). */
  policies: PolicySource;
  mailer: Mailer;
  sms: SmsSender;
  /** argon2id; tests pass cheaper parameters. */
  passwords: PasswordHasher;
  recaptcha: RecaptchaVerifier;
  /** The list of leaked passwords new passwords are checked against (PWNED_PASSWORDS_URL; none: nothing refused). */
  leakedPasswords: LeakedPasswordCheck;
  /** Seals authenticator secrets and hashes backup codes under the server's key (ENCRYPTION_KEY). */
  secretBox: SecretBox;
  /** SESSION_MAX_AGE_DAYS in ms: a session ends this long after its login, however often used. */
  sessionMaxAgeMs: number;
  /** A withdrawal has the processor forget the member's methods. */
  payments: Pick<PaymentProvider, "removeMethod">;
  /**
   * The login provider, as the site's sign-in and sign-up see it: whether the browser is in one of
   * its interactions, and its session to end with the site's. Absent: none runs.
   */
  oidc?: {
    interaction(cookieHeader: string | undefined): Promise<object | null>;
    endSession(cookieHeader: string | undefined): Promise<void>;
  };
}
