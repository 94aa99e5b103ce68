/**
 * The OpenID Provider (issue 46; ARCHITECTURE.md `/op/*, discovery → server/oidc`): panva's
 * certified oidc-provider, configured once at boot. The issuer is the public origin (never a
 * request's Host); discovery is at /.well-known/openid-configuration and every protocol endpoint is
 * under /op/, clear of the spec's pages (its default /auth is social login's path). State and keys
 * live in our database (ADR 0034). Authorization code only, PKCE required of public clients.
 */
import { eq } from "drizzle-orm";
import Provider, {
  type Account,
  type Adapter,
  type AdapterPayload,
  type ClientMetadata,
  type Configuration,
  interactionPolicy,
} from "oidc-provider";
import { isProtocolPath } from "../../schemas/oidc-paths.ts";
import { prefectureName } from "../../schemas/prefectures.ts";
import type { Db } from "../db/database.ts";
import { accounts } from "../db/schema.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import { databaseAdapter, findGrantId } from "./adapter.ts";
import type { OidcClient, OidcClientList } from "./client-source.ts";
import { INTERACTION_ROUTES } from "./interactions.ts";
import { loadOidcKeys, type OidcKeys } from "./keys.ts";
import { endSiteSessionWithProvider, logoutPage, type SiteLogout } from "./logout.ts";
import { claimsConfiguration, type ScopeSetting } from "./scopes.ts";
import type { SiteSessionReader } from "./site-session.ts";

/** Every protocol endpoint, under one prefix. */
export const OIDC_ROUTES = {
  authorization: "/op/auth",
  token: "/op/token",
  userinfo: "/op/me",
  jwks: "/op/jwks",
  end_session: "/op/session/end",
  revocation: "/op/token/revocation",
  introspection: "/op/token/introspection",
  registration: "/op/reg",
  pushed_authorization_request: "/op/request",
  backchannel_authentication: "/op/backchannel",
  device_authorization: "/op/device/auth",
  code_verification: "/op/device",
  challenge: "/op/challenge",
} as const;

/** Whether a request path is the provider's: its endpoints and its discovery document. */
export { isProtocolPath as isProviderPath };

/** How long each thing the provider issues lives (seconds): every one set, none left to a default. */
export const OIDC_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  BackchannelAuthenticationRequest: 10 * 60,
  ClientCredentials: 10 * 60,
  DeviceCode: 10 * 60,
  // A grant outlives sessions: a second authorization by the same member skips consent.
  Grant: 365 * 24 * 60 * 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  RefreshToken: 30 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
} as const;

/** YYYYMMDD → YYYY-MM-DD (OpenID Connect's birthdate). */
function birthdateOf(birthday: string | null): string | undefined {
  return birthday && /^\d{8}$/.test(birthday)
    ? `${birthday.slice(0, 4)}-${birthday.slice(4, 6)}-${birthday.slice(6)}`
    : undefined;
}

/** The spec's gender codes (§3) as OpenID Connect's gender; "prefer not to answer" says nothing. */
const GENDERS: Record<number, string> = { 1: "male", 2: "female", 9: "other" };

type AccountRow = typeof accounts.$inferSelect;

/** OpenID Connect's address claim (§5.1.1) from the member's Japanese address. */
function addressOf(account: AccountRow): Record<string, string> | undefined {
  if (!account.postalCode && !account.prefecture && !account.address) return undefined;
  const postalCode = account.postalCode?.replace(/^(\d{3})(\d{4})$/, "$1-$2");
  const region = account.prefecture ? prefectureName(account.prefecture, "ja") : undefined;
  const street = [account.address, account.address2].filter(Boolean).join(" ") || undefined;
  const formatted = [postalCode && `〒${postalCode}`, region, street].filter(Boolean).join(" ");
  return Object.fromEntries(
    Object.entries({
      postal_code: postalCode,
      region,
      street_address: street,
      country: "JP",
      formatted,
    }).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}

/** Every claim a scope may release (schemas/store-settings.schema.json `claims`), from the account. */
export function claimsOf(account: AccountRow): Record<string, unknown> {
  const name =
    account.name ?? ([account.familyName, account.givenName].filter(Boolean).join(" ") || undefined);
  const nameKana =
    account.nameKana ??
    ([account.familyNameKana, account.givenNameKana].filter(Boolean).join(" ") || undefined);
  return {
    sub: account.publicId,
    email: account.contactEmail ?? undefined,
    email_verified: account.emailVerifiedAt !== null,
    name,
    family_name: account.familyName ?? undefined,
    given_name: account.givenName ?? undefined,
    name_kana: nameKana,
    family_name_kana: account.familyNameKana ?? undefined,
    given_name_kana: account.givenNameKana ?? undefined,
    nickname: account.nickname ?? undefined,
    gender: account.sex === null ? undefined : GENDERS[account.sex],
    birthdate: birthdateOf(account.birthday),
    phone_number: account.phoneNumber ?? undefined,
    address: addressOf(account),
  };
}

/** A member as the provider knows them: `sub` is the account's public id, never its row id. */
async function findAccount(db: Db, sub: string): Promise<Account | undefined> {
  const [found] = await db.select().from(accounts).where(eq(accounts.publicId, sub)).limit(1);
  if (!found) return undefined;
  return {
    accountId: found.publicId,
    // The provider keeps only the claims of the scopes granted.
    claims: async () => ({ ...claimsOf(found), sub: found.publicId }),
  };
}

export interface OidcProviderOptions {
  db: Db;
  secretBox: SecretBox;
  /** The issuer: the public origin (Env.publicOrigin). */
  publicOrigin: string;
  /** The relying parties, read on each lookup: an edit of the file applies to the next request. */
  clients: () => OidcClientList;
  /** The store's scopes (server/oidc/scopes.ts), fixed for this provider's life. */
  scopes: readonly ScopeSetting[];
  now: () => Date;
  /** The site's member of a request's cookies: the one login of the browser. */
  siteSession: SiteSessionReader;
  /** The keys to sign with, when the caller loaded them (to know their version); else loaded here. */
  keys?: OidcKeys;
  /** Ends the site's session when a relying party logs the member out (server/oidc/logout.ts). */
  siteLogout: SiteLogout;
  /** The site's name as members know it, on the logout question. */
  serviceName: (en: boolean) => string;
  /**
   * The provider's outgoing requests (back-channel logout). Left out: oidc-provider's, which
   * refuses loopback and private addresses (SSRF); the tests' relying parties listen on loopback.
   */
  fetch?: typeof globalThis.fetch;
  logger?: Pick<Console, "error">;
}

/**
 * The interactions the provider asks for, in order: the account selection the client may ask for
 * (prompt=select_account; spec §2 /oidc/select-account), the login, the consent. The site's session
 * is the one login of a browser: when the provider's session is another member's, or the member
 * logged out of the site, the login is asked for again (prompt=none then answers login_required),
 * and the interaction takes the site's member (server/oidc/interactions.ts).
 */
export function interactionPolicyOf(siteSession: SiteSessionReader): interactionPolicy.DefaultPolicy {
  const { Check, Prompt, base } = interactionPolicy;
  const policy = base();
  policy.get("login")?.checks.add(
    new Check(
      "site_session",
      "the site's member is not the provider session's",
      "login_required",
      async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId || ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
        const member = await siteSession(ctx.get("cookie") || undefined);
        return member?.publicId === accountId ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
      },
    ),
  );
  policy.add(new Prompt({ name: "select_account", requestable: true }), 0);
  return policy;
}

/** The spec's display fields a client carries beside the standard metadata (§3 Consent data). */
export const EXTRA_CLIENT_METADATA = ["client_name_ja", "description", "provider_name", "service_logo_uri"];

/** A copy the provider may keep and change (it normalises what it is given). */
function metadataOf(client: OidcClient): ClientMetadata & AdapterPayload {
  return structuredClone({ ...client });
}

/**
 * The clients as the provider's Client model, answered from the operator's file (no dynamic
 * registration). A list the file's schema accepts but the provider refuses (its own metadata rules)
 * is logged and the last list it accepted stays in force, as for any invalid edit.
 */
function clientAdapter(
  clients: () => OidcClientList,
  validate: (metadata: ClientMetadata) => Promise<unknown>,
  logger: Pick<Console, "error">,
): Adapter {
  let accepted: OidcClientList = { clients: [], version: "" };
  let checking: Promise<OidcClientList> | null = null;
  let checkingVersion = "";
  const current = async (): Promise<OidcClientList> => {
    const list = clients();
    if (list.version === accepted.version) return accepted;
    if (!checking || checkingVersion !== list.version) {
      checkingVersion = list.version;
      checking = (async () => {
        try {
          for (const metadata of list.clients) await validate(metadataOf(metadata));
          accepted = list;
        } catch (error) {
          logger.error(
            `[oidc] clients version ${list.version} refused: ${(error as Error).message}; keeping version ${accepted.version || "(none)"}`,
          );
        }
        return accepted;
      })();
    }
    return checking;
  };
  const refuse = async () => {
    throw new Error("clients are the operator's file: they are not registered or changed over the protocol");
  };
  return {
    async find(id: string) {
      const found = (await current()).clients.find((client) => client.client_id === id);
      return found ? metadataOf(found) : undefined;
    },
    upsert: refuse,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: refuse,
    destroy: refuse,
    revokeByGrantId: refuse,
  };
}

export async function createOidcProvider(options: OidcProviderOptions): Promise<Provider> {
  const { db } = options;
  const keys = options.keys ?? (await loadOidcKeys(db, options.secretBox, options.now()));
  const stored = databaseAdapter(db, options.now);
  // The provider validates the file's clients; it exists by the time the first client is looked up.
  let provider: Provider | undefined;
  const clients = clientAdapter(
    options.clients,
    async (metadata) => provider?.Client.validate(metadata),
    options.logger ?? console,
  );
  const configuration: Configuration = {
    adapter: (name) => (name === "Client" ? clients : stored(name)),
    extraClientMetadata: { properties: EXTRA_CLIENT_METADATA },
    jwks: keys.jwks,
    // The interaction cookie on every path: the spec's /zapi/oidc/* calls and the screen data read it.
    cookies: { keys: keys.cookieKeys, short: { httpOnly: true, sameSite: "lax", path: "/" } },
    interactions: { url: () => INTERACTION_ROUTES.entry, policy: interactionPolicyOf(options.siteSession) },
    // Tokens and grants are the member's with the client, not the browser session's: a logout (or
    // an account switch) does not revoke them; the member revokes a client at connected apps.
    expiresWithSession: async () => false,
    // Every refresh spends its refresh token for a new one; a spent one presented again is taken
    // as stolen and revokes the grant with every token under it (oidc-provider's reuse detection).
    rotateRefreshToken: true,
    routes: OIDC_ROUTES,
    ...(options.fetch && { fetch: options.fetch }),
    ttl: OIDC_TTL,
    claims: claimsConfiguration(options.scopes),
    scopes: options.scopes.map((scope) => scope.scopeKey),
    responseTypes: ["code"],
    pkce: { required: (_ctx, client) => client.clientAuthMethod === "none" },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // A relying party's logout ends the site's session too (endSiteSessionWithProvider below);
      // without a post_logout_redirect_uri the member lands on the site's home page.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => logoutPage(ctx, form, options.serviceName),
        postLogoutSuccessSource: (ctx) => {
          ctx.status = 303;
          ctx.redirect("/");
        },
      },
      backchannelLogout: { enabled: true },
    },
    findAccount: (_ctx, sub) => findAccount(db, sub),
    // Grants are kept per member and client, not per browser session: a second authorization skips
    // consent after the session that consented has ended.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId ??
        oidc.session?.grantIdFor(clientId) ??
        (await findGrantId(db, accountId, clientId, options.now()));
      const grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      // Never another member's or another client's grant (a session whose member changed).
      return grant?.accountId === accountId && grant.clientId === clientId ? grant : undefined;
    },
    // Every error the provider shows is the product's error page (spec §8), never its own HTML; a
    // server fault says no more than its status.
    renderError(ctx, out, error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      const code = typeof status === "number" && status >= 400 && status < 600 ? status : 500;
      const query = new URLSearchParams({ status: String(code) });
      if (code < 500 && out.error) query.set("error", out.error);
      if (code < 500 && out.error_description) query.set("error_description", out.error_description);
      ctx.redirect(`/oidc/error?${query}`);
      ctx.status = 303;
    },
  };
  provider = new Provider(options.publicOrigin, configuration);
  // Every request reaches the provider through providerGate (provider-gate.ts), which sets Host and
  // X-Forwarded-Proto/-For from the public origin and the client's address: those are believed.
  provider.proxy = true;
  endSiteSessionWithProvider(provider, options.siteLogout);
  return provider;
}
