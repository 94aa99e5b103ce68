import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** The process environment, read and validated once at boot (ADR 0003). */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  storeConfig: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  zapiOrigin: string | null;
  /** True when the server is reached over https (PUBLIC_ORIGIN starts with https://); cookies get Secure. */
  publicOrigin: string | null;
  /** TRUST_PROXY: a reverse proxy in front appends the client's address to X-Forwarded-For. */
  trustProxy: boolean;
  /** RECAPTCHA_API_KEY: the Google Cloud API key for reCAPTCHA Enterprise assessments. */
  recaptchaApiKey: string | null;
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

function flag(source: Source, name: string): boolean {
  const raw = source[name]?.trim().toLowerCase();
  if (!raw || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  throw new EnvError(name, `must be true, false, 1 or 0 (got "${source[name]}")`);
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

  return {
    port,
    host,
    dataDir,
    storeConfig,
    databaseUrl: optionalUrl(source, "DATABASE_URL", ["postgres:", "postgresql:"]),
    smtpUrl: optionalUrl(source, "SMTP_URL", ["smtp:", "smtps:"]),
    zapiOrigin: optionalUrl(source, "ZAPI_ORIGIN", ["http:", "https:"]),
    publicOrigin: optionalUrl(source, "PUBLIC_ORIGIN", ["http:", "https:"]),
    trustProxy: flag(source, "TRUST_PROXY"),
    recaptchaApiKey: source.RECAPTCHA_API_KEY?.trim() || null,
  };
}
