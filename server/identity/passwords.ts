import { hash, type Options, parseOptions, verify } from "@node-rs/argon2";

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommendation: 19 MiB of memory,
 * 2 passes, 1 lane. @node-rs/argon2 defaults to argon2id, version 0x13, a 16-byte random salt.
 */
export const OWASP_ARGON2ID: Readonly<Options> = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  /** A PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no hash (unknown account, or one without a
   * password) it checks against a dummy hash of the same cost and answers false, so both answers
   * take as long as a real check.
   */
  verify(storedHash: string | null, password: string): Promise<boolean>;
  /** A hash made with weaker parameters than the current ones; replace it after a good login. */
  needsRehash(storedHash: string): boolean;
}

export function createPasswordHasher(options: Readonly<Options> = OWASP_ARGON2ID): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hash("dummy password that no account has", options);
    return dummyHash;
  };
  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      if (storedHash === null) {
        await verify(await dummy(), password).catch(() => false);
        return false;
      }
      try {
        return await verify(storedHash, password);
      } catch {
        // A malformed stored hash is a failed check, not a crash of the login.
        return false;
      }
    },
    needsRehash(storedHash) {
      try {
        const used = parseOptions(storedHash);
        return (
          used.memoryCost < (options.memoryCost ?? OWASP_ARGON2ID.memoryCost!) ||
          used.timeCost < (options.timeCost ?? OWASP_ARGON2ID.timeCost!)
        );
      } catch {
        return true;
      }
    },
  };
}
