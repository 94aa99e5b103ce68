import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type ConsoleAccess, parseAllowedAddresses } from "./console/access.ts";
import { parseSecretKey } from "./kit/secret-box.ts";
import { type SocialSecrets, socialSecretsOf } from "./social/providers.ts";

/** The process environment, read and validated once at boot (ADR 0003). */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  storeConfig: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  zapiOrigin: string | null;
  /**
   * The one trusted origin (issue 7 §1): every absolute URL the server writes (mail links,
   * redirects, later the OIDC issuer) and the one Host requests may name. PUBLIC_ORIGIN, or
   * `http://localhost:$PORT` for the embedded default. https makes cookies Secure and adds HSTS.
   */
  publicOrigin: string;
  /** True when PUBLIC_ORIGIN is unset and the localhost default is in force (said at boot). */
  publicOriginIsDefault: boolean;
  /** TRUST_PROXY: a reverse proxy in front appends the client's address to X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * PWNED_PASSWORDS_URL: the base URL of a k-anonymity range API of leaked passwords (Have I Been
   * Pwned's shape, e.g. https://api.pwnedpasswords.com); unset, new passwords are not checked.
   */
  pwnedPasswordsUrl: string | null;
  /** RECAPTCHA_API_KEY: the Google Cloud API key for reCAPTCHA Enterprise assessments. */
  recaptchaApiKey: string | null;
  /**
   * RECAPTCHA_ENTERPRISE_ORIGIN: the assessment API's origin; the server POSTs to
   * `<origin>/v1/projects/<id>/assessments?key=<RECAPTCHA_API_KEY>` (default Google's; tests point
   * it at tests/fakes/recaptcha-server.ts).
   */
  recaptchaEnterpriseOrigin: string;
  /**
   * RECAPTCHA_SCRIPT_URL: the Enterprise script pages load (default Google's); the CSP allows its
   * origin only while the store enables reCAPTCHA.
   */
  recaptchaScriptUrl: string;
  /** SESSION_MAX_AGE_DAYS: a session's absolute lifetime, however often it is used (default 90). */
  sessionMaxAgeDays: number;
  /**
   * ENCRYPTION_KEY: 32 bytes (base64) that seal authenticator secrets and key backup-code hashes;
   * null = the data directory's key file (server/kit/secret-box.ts).
   */
  encryptionKey: Buffer | null;
  /**
   * WEB_CONCURRENCY: worker processes serving the one port (node:cluster; default 1). More than one
   * needs DATABASE_URL: the embedded database has one owner process.
   */
  webConcurrency: number;
  /** SOCIAL_<TYPE>_CLIENT_SECRET: the social login providers' client secrets (issue 48 §1). */
  socialSecrets: SocialSecrets;
  /**
   * TEST_CLOCK: e2e tests may move the server's clock forward (server/test-clock.ts). Refused unless
   * the public origin is this machine's (http://localhost or 127.0.0.1) and one process serves.
   */
  testClock: boolean;
  /**
   * CONSOLE_ENABLED (default true) and CONSOLE_ALLOWED_IPS (addresses and CIDR networks, comma
   * separated; unset = any): who may reach /console (server/console/access.ts).
   */
  console: ConsoleAccess;
}

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Environment variable ${variable} ${reason}`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

function optionalUrl(source: Source, name: string, protocols: string[]): string | null {
  const raw = source[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EnvError(name, `must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new EnvError(name, `must use ${protocols.join(" or ")} (got "${url.protocol}")`);
  }
  return raw.replace(/\/+$/, "");
}

/** An origin (scheme, host, port) with nothing after it: a path would be silently dropped otherwise. */
function originOnly(source: Source, name: string): string | null {
  const url = optionalUrl(source, name, ["http:", "https:"]);
  if (url === null) return null;
  const { origin, username, password } = new URL(url);
  if (origin !== url || username || password) {
    throw new EnvError(
      name,
      `must be an origin such as https://shop.example.jp, without a path (got "${url}")`,
    );
  }
  return origin;
}

function flag(source: Source, name: string): boolean {
  const raw = source[name]?.trim().toLowerCase();
  if (!raw || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  throw new EnvError(name, `must be true, false, 1 or 0 (got "${source[name]}")`);
}

function consoleAccess(source: Source): ConsoleAccess {
  const enabled = source.CONSOLE_ENABLED?.trim() ? flag(source, "CONSOLE_ENABLED") : true;
  const raw = source.CONSOLE_ALLOWED_IPS?.trim();
  if (!raw) return { enabled, allowedAddresses: null };
  const parsed = parseAllowedAddresses(raw);
  if ("error" in parsed)
    throw new EnvError("CONSOLE_ALLOWED_IPS", `${parsed.error} (e.g. 203.0.113.7, 198.51.100.0/24)`);
  return { enabled, allowedAddresses: parsed.entries };
}

/** A whole number from 1 to `max`, or `fallback` when unset. */
function positiveInteger(source: Source, name: string, fallback: number, max: number): number {
  const raw = source[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) {
    throw new EnvError(name, `must be a whole number from 1 to ${max} (got "${raw}")`);
  }
  return value;
}

function encryptionKey(source: Source): Buffer | null {
  const raw = source.ENCRYPTION_KEY?.trim();
  if (!raw) return null;
  const key = parseSecretKey(raw);
  if (!key)
    throw new EnvError("ENCRYPTION_KEY", "must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)");
  return key;
}

export function parseEnv(source: Source = process.env, cwd = process.cwd()): Env {
  const portText = source.PORT?.trim() || "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new EnvError("PORT", `must be an integer from 1 to 65535 (got "${portText}")`);
  }
  const host = source.HOST?.trim() || "0.0.0.0";
  if (/\s/.test(host)) throw new EnvError("HOST", `must be a host name or address (got "${host}")`);

  const dataDir = resolve(cwd, source.DATA_DIR?.trim() || ".data");
  const storeConfig = resolve(cwd, source.STORE_CONFIG?.trim() || "config/store.json");
  if (!existsSync(storeConfig)) {
    throw new EnvError("STORE_CONFIG", `names a file that does not exist (${storeConfig})`);
  }

  const publicOrigin = originOnly(source, "PUBLIC_ORIGIN");
  const databaseUrl = optionalUrl(source, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const webConcurrency = positiveInteger(source, "WEB_CONCURRENCY", 1, 64);
  if (webConcurrency > 1 && !databaseUrl) {
    throw new EnvError(
      "WEB_CONCURRENCY",
      `is ${webConcurrency}, which needs DATABASE_URL: the embedded database (PGlite) is owned by one process. Set DATABASE_URL to a PostgreSQL server, or leave WEB_CONCURRENCY at 1`,
    );
  }

  const testClock = flag(source, "TEST_CLOCK");
  const originHost = publicOrigin ? new URL(publicOrigin).hostname : "localhost";
  if (testClock && !(originHost === "localhost" || originHost === "127.0.0.1")) {
    throw new EnvError(
      "TEST_CLOCK",
      `lets tests move the server's clock, which a server members use must never allow: refused with PUBLIC_ORIGIN ${publicOrigin}`,
    );
  }
  if (testClock && webConcurrency > 1) {
    throw new EnvError("TEST_CLOCK", "needs WEB_CONCURRENCY=1: each process would keep a clock of its own");
  }

  return {
    port,
    host,
    dataDir,
    storeConfig,
    databaseUrl,
    smtpUrl: optionalUrl(source, "SMTP_URL", ["smtp:", "smtps:"]),
    zapiOrigin: optionalUrl(source, "ZAPI_ORIGIN", ["http:", "https:"]),
    publicOrigin: publicOrigin ?? `http://localhost:${port}`,
    publicOriginIsDefault: publicOrigin === null,
    trustProxy: flag(source, "TRUST_PROXY"),
    pwnedPasswordsUrl: optionalUrl(source, "PWNED_PASSWORDS_URL", ["http:", "https:"]),
    recaptchaApiKey: source.RECAPTCHA_API_KEY?.trim() || null,
    recaptchaEnterpriseOrigin:
      originOnly(source, "RECAPTCHA_ENTERPRISE_ORIGIN") ?? "https://recaptchaenterprise.googleapis.com",
    recaptchaScriptUrl:
      optionalUrl(source, "RECAPTCHA_SCRIPT_URL", ["http:", "https:"]) ??
      "https://www.google.com/recaptcha/enterprise.js",
    sessionMaxAgeDays: positiveInteger(source, "SESSION_MAX_AGE_DAYS", 90, 3650),
    encryptionKey: encryptionKey(source),
    webConcurrency,
    socialSecrets: socialSecretsOf(source),
    testClock,
    console: consoleAccess(source),
  };
}
