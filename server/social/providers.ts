/**
 * The social login providers (issue 48 §1): LINE, Google and Yahoo! JAPAN as OpenID Connect
 * providers found by discovery, Facebook as plain OAuth 2.0 with its three endpoints. The store
 * settings say which are enabled and where they live; each client secret comes from the
 * environment. openid-client does the protocol: state, nonce, PKCE, the code exchange and the ID
 * token's checks (issuer, audience, expiry, nonce, the algorithm the client registered), the
 * userinfo and Graph calls.
 */
import * as oidc from "openid-client";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

export type SocialProviderSetting = NonNullable<StoreSettings["socialLogin"]>["providers"][number];
export type SocialType = SocialProviderSetting["type"];
export const SOCIAL_TYPES: readonly SocialType[] = ["Line", "Google", "YahooJapan", "Facebook"];

/** Each provider's name as its brand writes it (spec §3 External account userIdentifierName). */
export const SOCIAL_NAMES: Readonly<Record<SocialType, string>> = {
  Line: "LINE",
  Google: "Google",
  YahooJapan: "Yahoo! JAPAN",
  Facebook: "Facebook",
};

export function isSocialType(value: unknown): value is SocialType {
  return typeof value === "string" && (SOCIAL_TYPES as readonly string[]).includes(value);
}

/** The environment variable of a provider's client secret: SOCIAL_LINE_CLIENT_SECRET, … */
export function secretVariable(type: SocialType): string {
  return `SOCIAL_${type.toUpperCase()}_CLIENT_SECRET`;
}

export type SocialSecrets = Readonly<Partial<Record<SocialType, string>>>;

/** The secrets the environment holds, by provider. */
export function socialSecretsOf(source: Readonly<Record<string, string | undefined>>): SocialSecrets {
  const secrets: Partial<Record<SocialType, string>> = {};
  for (const type of SOCIAL_TYPES) {
    const secret = source[secretVariable(type)]?.trim();
    if (secret) secrets[type] = secret;
  }
  return secrets;
}

/** What each provider is asked for: who the person is and their e-mail. */
const SCOPES: Readonly<Record<SocialType, string>> = {
  Line: "openid profile email",
  Google: "openid email profile",
  YahooJapan: "openid email profile",
  Facebook: "email public_profile",
};

/** The person a provider vouched for. */
export interface ExternalIdentity {
  type: SocialType;
  /** The provider's stable id of the person: the ID token's `sub`, Facebook's app-scoped `id`. */
  subject: string;
  email: string | null;
  /** The provider says it proved the e-mail (all four only give proved ones unless they say not). */
  emailVerified: boolean;
}

/** What the callback must match: kept by the server between the redirect and the callback. */
export interface AuthorizationChecks {
  state: string;
  /** null for plain OAuth 2.0 (Facebook): no ID token, no nonce. */
  nonce: string | null;
  codeVerifier: string;
}

/** The provider cannot be used now: discovery failed, or it is not enabled, or has no secret. */
export class SocialProviderUnavailable extends Error {
  constructor(
    readonly type: SocialType,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`social login ${type}: ${reason}`, options);
    this.name = "SocialProviderUnavailable";
  }
}

/** The callback is not a good answer to our request: refused, changing nothing. */
export class SocialCallbackRefused extends Error {
  constructor(
    readonly type: SocialType,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`social login ${type}: ${reason}`, options);
    this.name = "SocialCallbackRefused";
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

function settingKey(setting: SocialProviderSetting): string {
  return JSON.stringify([
    setting.type,
    setting.clientId,
    setting.issuer,
    setting.authorizationEndpoint,
    setting.tokenEndpoint,
    setting.userinfoEndpoint,
  ]);
}

export interface SocialLoginOptions {
  secrets: SocialSecrets;
  /** The fetch used to reach the providers (tests may count, fail or change calls). */
  fetch?: oidc.CustomFetch;
}

/**
 * Problems an operator should hear of at boot and on every settings change: an enabled provider
 * without its secret is not offered.
 */
export function socialConfigurationProblems(settings: StoreSettings, secrets: SocialSecrets): string[] {
  return (settings.socialLogin?.providers ?? [])
    .filter((provider) => provider.enabled && !secrets[provider.type])
    .map(
      (provider) =>
        `${provider.type} is enabled but ${secretVariable(provider.type)} is not set; its button is not shown`,
    );
}

export class SocialLogin {
  /** The openid-client configuration of each provider setting, made (and discovered) once. */
  readonly #configurations = new Map<string, Promise<oidc.Configuration>>();
  readonly #secrets: SocialSecrets;
  readonly #fetch: oidc.CustomFetch | undefined;

  constructor(options: SocialLoginOptions) {
    this.#secrets = options.secrets;
    this.#fetch = options.fetch;
  }

  /** The providers a page may offer, in the store's order: enabled and with a secret. */
  offered(settings: StoreSettings): SocialProviderSetting[] {
    return (settings.socialLogin?.providers ?? []).filter(
      (provider) => provider.enabled && Boolean(this.#secrets[provider.type]),
    );
  }

  /** The offered provider of this type, or null. */
  offeredProvider(settings: StoreSettings, type: SocialType): SocialProviderSetting | null {
    return this.offered(settings).find((provider) => provider.type === type) ?? null;
  }

  /**
   * The provider's authorization URL for this browser, and the checks its callback must pass (for
   * the server to keep, never the browser).
   */
  async begin(
    setting: SocialProviderSetting,
    redirectUri: string,
  ): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const config = await this.#configuration(setting);
    const isOpenIdConnect = setting.type !== "Facebook";
    const checks: AuthorizationChecks = {
      state: oidc.randomState(),
      nonce: isOpenIdConnect ? oidc.randomNonce() : null,
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: SCOPES[setting.type],
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    };
    if (checks.nonce) parameters.nonce = checks.nonce;
    return { url: oidc.buildAuthorizationUrl(config, parameters), checks };
  }

  /**
   * The person of a callback (`callbackUrl`: the address the provider sent the browser back to,
   * on our configured origin), once openid-client has checked it against `checks`.
   */
  async finish(
    setting: SocialProviderSetting,
    callbackUrl: URL,
    checks: AuthorizationChecks,
  ): Promise<ExternalIdentity> {
    const config = await this.#configuration(setting);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(checks.nonce ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      });
    } catch (error) {
      throw new SocialCallbackRefused(setting.type, reasonOf(error), { cause: error });
    }
    return setting.type === "Facebook"
      ? await this.#graphIdentity(setting, config, tokens.access_token)
      : await this.#openIdIdentity(setting, config, tokens);
  }

  async #openIdIdentity(
    setting: SocialProviderSetting,
    config: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<ExternalIdentity> {
    const claims = tokens.claims();
    if (!claims) throw new SocialCallbackRefused(setting.type, "no ID token");
    let email = typeof claims.email === "string" ? claims.email : null;
    let verified = claims.email_verified;
    // Yahoo! JAPAN gives the e-mail from its userinfo endpoint only.
    if (!email && config.serverMetadata().userinfo_endpoint) {
      try {
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        if (typeof userinfo.email === "string") {
          email = userinfo.email;
          verified = userinfo.email_verified;
        }
      } catch (error) {
        throw new SocialCallbackRefused(setting.type, `userinfo: ${reasonOf(error)}`, { cause: error });
      }
    }
    return {
      type: setting.type,
      subject: claims.sub,
      email,
      emailVerified: email !== null && verified !== false,
    };
  }

  async #graphIdentity(
    setting: SocialProviderSetting,
    config: oidc.Configuration,
    accessToken: string,
  ): Promise<ExternalIdentity> {
    if (!setting.userinfoEndpoint) throw new SocialProviderUnavailable(setting.type, "no userinfo endpoint");
    let person: { id?: unknown; email?: unknown };
    try {
      const response = await oidc.fetchProtectedResource(
        config,
        accessToken,
        new URL(setting.userinfoEndpoint),
        "GET",
      );
      if (!response.ok) throw new Error(`the Graph answered ${response.status}`);
      person = (await response.json()) as typeof person;
    } catch (error) {
      throw new SocialCallbackRefused(setting.type, `Graph /me: ${reasonOf(error)}`, { cause: error });
    }
    if (typeof person.id !== "string" || person.id === "") {
      throw new SocialCallbackRefused(setting.type, "the Graph gave no id");
    }
    const email = typeof person.email === "string" && person.email !== "" ? person.email : null;
    return { type: setting.type, subject: person.id, email, emailVerified: email !== null };
  }

  #configuration(setting: SocialProviderSetting): Promise<oidc.Configuration> {
    const key = settingKey(setting);
    let configuration = this.#configurations.get(key);
    if (!configuration) {
      configuration = this.#configure(setting);
      // A failed discovery is tried again on the next use, not remembered.
      configuration.catch(() => this.#configurations.delete(key));
      this.#configurations.set(key, configuration);
    }
    return configuration;
  }

  async #configure(setting: SocialProviderSetting): Promise<oidc.Configuration> {
    const secret = this.#secrets[setting.type];
    if (!secret)
      throw new SocialProviderUnavailable(setting.type, `${secretVariable(setting.type)} is not set`);
    const clientMetadata: Partial<oidc.ClientMetadata> = {
      client_secret: secret,
      // LINE's web login signs its ID tokens with the channel secret.
      id_token_signed_response_alg: setting.type === "Line" ? "HS256" : "RS256",
    };
    const address = setting.issuer ?? setting.authorizationEndpoint ?? "";
    // Plain http only for a provider on this machine (the tests' and `npm run dev:idp`'s fakes).
    const insecure = isLoopback(address);
    let config: oidc.Configuration;
    if (setting.issuer) {
      try {
        config = await oidc.discovery(new URL(setting.issuer), setting.clientId, clientMetadata, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          ...(this.#fetch ? { [oidc.customFetch]: this.#fetch } : {}),
        });
      } catch (error) {
        throw new SocialProviderUnavailable(setting.type, `discovery failed: ${reasonOf(error)}`, {
          cause: error,
        });
      }
      // The secret goes in the body where the provider takes it, else by Basic (Yahoo! JAPAN).
      const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
      if (methods && !methods.includes("client_secret_post") && methods.includes("client_secret_basic")) {
        config = new oidc.Configuration(
          config.serverMetadata(),
          setting.clientId,
          clientMetadata,
          oidc.ClientSecretBasic(),
        );
        if (insecure) oidc.allowInsecureRequests(config);
      }
    } else {
      if (!setting.authorizationEndpoint || !setting.tokenEndpoint) {
        throw new SocialProviderUnavailable(setting.type, "the endpoints are not configured");
      }
      config = new oidc.Configuration(
        {
          issuer: new URL(setting.authorizationEndpoint).origin,
          authorization_endpoint: setting.authorizationEndpoint,
          token_endpoint: setting.tokenEndpoint,
        },
        setting.clientId,
        clientMetadata,
        oidc.ClientSecretPost(),
      );
      if (insecure) oidc.allowInsecureRequests(config);
    }
    if (this.#fetch) config[oidc.customFetch] = this.#fetch;
    return config;
  }
}

/**
 * What went wrong, for the log: openid-client's message says only which kind of check failed
 * ("invalid response encountered"), so the messages of its causes follow it (oauth4webapi's
 * "JWT signature verification failed", an unexpected status…), and the claim that failed a
 * comparison (aud, nonce, iss, …).
 */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const messages = [error.message];
  let claim: unknown;
  for (let cause: unknown = error.cause; cause && typeof cause === "object"; ) {
    const {
      message,
      claim: named,
      cause: next,
    } = cause as { message?: unknown; claim?: unknown; cause?: unknown };
    if (typeof message === "string" && message !== "" && !messages.includes(message)) messages.push(message);
    claim ??= named;
    cause = next;
  }
  const message = messages.join(": ") + (typeof claim === "string" ? ` (${claim})` : "");
  return typeof code === "string" ? `${code}: ${message}` : message;
}
