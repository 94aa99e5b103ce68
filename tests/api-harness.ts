/**
 * Builds the embedded API for a test: a fresh database with the migrations applied (in-memory PGlite,
 * or PostgreSQL when TEST_DATABASE=postgres: tests/test-database.ts), the demo store settings (or the
 * test's own), an outbox in memory and a clock the test moves.
 *
 *   const t = await createTestApi();
 *   afterEach(() => t.close());
 *   const response = await t.api.request("/zapi/internal/root/screen-data");
 */

import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import storeJson from "../config/store.json" with { type: "json" };
import { type Api, createApi } from "../server/api/app.ts";
import type { ApiDeps } from "../server/api/context.ts";
import type { Db } from "../server/db/database.ts";
import { accounts, sessions } from "../server/db/schema.ts";
import { NO_LEAKED_PASSWORD_CHECK } from "../server/identity/leaked-passwords.ts";
import { createPasswordHasher, type PasswordHasher } from "../server/identity/passwords.ts";
import { agreementTo, policiesInForce, recordConsents } from "../server/identity/policy-records.ts";
import type { RecaptchaVerifier } from "../server/identity/recaptcha.ts";
import { DEFAULT_SESSION_MAX_AGE_MS, SESSION_COOKIE } from "../server/identity/sessions.ts";
import { createSecretBox } from "../server/kit/secret-box.ts";
import { hashToken } from "../server/kit/tokens.ts";
import { recordingMailer } from "../server/mail/mail-records.ts";
import { MemoryOutbox } from "../server/mail/memory-outbox.ts";
import { mailsAfterAnswersSent } from "../server/mail/send-mail.ts";
import { createSandboxProvider } from "../server/payments/sandbox/sandbox-provider.ts";
import { SocialLogin } from "../server/social/providers.ts";
import { type Catalogue, loadCatalogue, staticCatalogue } from "../server/store/catalogue-source.ts";
import { loadPolicies, type PolicyCatalogue, staticPolicies } from "../server/store/policy-source.ts";
import type { StoreSettingsSource, StoreSnapshot } from "../server/store/store-settings-source.ts";
import { parseStoreSettings, type StoreSettings } from "../server/store/validate-settings.ts";
import { closeIdleTestDatabases, openTestDatabase } from "./test-database.ts";

export { closeIdleTestDatabases };

/** A fresh, validated copy of config/store.json that a test may change freely. */
export function demoStoreSettings(): StoreSettings {
  return parseStoreSettings(structuredClone(storeJson), "config/store.json");
}

export { demoRegistrationBody } from "./demo-registration.ts";

/** The demo store's policies (config/policies). */
export function demoCatalogue(): Omit<Catalogue, "version"> {
  return loadCatalogue(resolve(import.meta.dirname, "../config"));
}

export function demoPolicies(): PolicyCatalogue {
  return loadPolicies(resolve(import.meta.dirname, "../config/policies"));
}

/**
 * argon2id at the lowest cost the library accepts: the same code path as production in a
 * fraction of the time. Tests of the production parameters use createPasswordHasher() itself.
 */
export const FAST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** A reCAPTCHA that no test reaches unless it turns reCAPTCHA on and replaces this. */
const recaptchaOff: RecaptchaVerifier = {
  verify: async () => {
    throw new Error("reCAPTCHA was consulted, but this test did not provide a verifier");
  },
};

/**
 * Store settings the test changes while the API runs, as an operator edits config/store.json:
 * each change is a new version, applied from the next request.
 */
export interface MutableStoreSettings extends StoreSettingsSource {
  update(change: (settings: StoreSettings) => void): void;
}

export function mutableStoreSettings(initial: StoreSettings): MutableStoreSettings {
  let snapshot: StoreSnapshot = { settings: initial, version: "test-1" };
  let changes = 1;
  return {
    current: () => snapshot,
    close: () => {},
    update(change) {
      const settings = structuredClone(snapshot.settings);
      change(settings);
      changes += 1;
      snapshot = { settings: parseStoreSettings(settings, "test"), version: `test-${changes}` };
    },
  };
}

/** Time as the API sees it (`deps.now`); only the test moves it. */
export interface TestClock {
  now(): Date;
  set(at: Date | string): void;
  advance(milliseconds: number): void;
}

/** Noon in Japan: far from midnight, so date-based rules do not flip within a test. */
export const DEFAULT_TEST_START = "2026-04-01T03:00:00.000Z";

export function createTestClock(startAt: Date | string = DEFAULT_TEST_START): TestClock {
  let current = new Date(startAt).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

export interface TestApiOptions {
  /** Store settings served by the API; defaults to `demoStoreSettings()`. */
  settings?: StoreSettings;
  /** Policies served by the API; defaults to `demoPolicies()`. */
  policies?: PolicyCatalogue;
  /** Plans and campaigns; defaults to the demo catalogue (config/plans.json, config/campaigns.json). */
  catalogue?: Omit<Catalogue, "version">;
  /** Where the clock starts; defaults to DEFAULT_TEST_START. */
  startAt?: Date | string;
  /** Replaces individual dependencies, e.g. a mailer that fails. */
  deps?: Partial<Omit<ApiDeps, "db" | "now">>;
}

export interface TestApi {
  api: Api;
  deps: ApiDeps;
  db: Db;
  /** The store settings; `store.update(...)` changes them from the next request on. */
  store: MutableStoreSettings;
  /** Every e-mail and SMS the API sent (unless `deps.mailer`/`deps.sms` were replaced). */
  outbox: MemoryOutbox;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  const outbox = new MemoryOutbox();
  const clock = createTestClock(options.startAt);
  const store = mutableStoreSettings(options.settings ?? demoStoreSettings());
  const passwords: PasswordHasher = createPasswordHasher(FAST_PASSWORD_HASHING);
  const deps: ApiDeps = {
    db: database.db,
    catalogue: staticCatalogue(options.catalogue ?? demoCatalogue()),
    payments: createSandboxProvider({
      db: database.db,
      config: () => store.current().settings.paymentProvider,
      now: () => clock.now(),
    }),
    store,
    policies: staticPolicies(options.policies ?? demoPolicies()),
    // Recorded as the server records it (server/main.ts).
    mailer: recordingMailer(outbox.mailer, database.db, () => clock.now()),
    sms: outbox.sms,
    passwords,
    recaptcha: recaptchaOff,
    leakedPasswords: NO_LEAKED_PASSWORD_CHECK,
    secretBox: createSecretBox(randomBytes(32)),
    now: () => clock.now(),
    secureCookies: false,
    // The origin app.request() gives requests that name no other.
    publicOrigin: "http://localhost",
    trustProxy: false,
    sessionMaxAgeMs: DEFAULT_SESSION_MAX_AGE_MS,
    // No provider has a secret: none is offered unless a test brings its own.
    social: new SocialLogin({ secrets: {} }),
    ...options.deps,
  };
  return {
    api: answeredWithMails(createApi(deps)),
    deps,
    db: database.db,
    store,
    outbox,
    clock,
    close: () => database.close(),
  };
}

/**
 * The API whose answers come once the mails sent after them are out: a test reads the outbox
 * right after a call, where a person would open the mail a moment later.
 */
function answeredWithMails(api: Api): Api {
  const { request, fetch } = api;
  return Object.assign(api, {
    request: async (...args: Parameters<Api["request"]>) => {
      const response = await request(...args);
      await mailsAfterAnswersSent();
      return response;
    },
    fetch: async (...args: Parameters<Api["fetch"]>) => {
      const response = await fetch(...args);
      await mailsAfterAnswersSent();
      return response;
    },
  });
}

export interface SignedInAccount {
  accountId: string;
  publicId: string;
  sessionToken: string;
  /** A Cookie header value carrying the session, for `api.request(path, {headers: {cookie}})`. */
  cookie: string;
}

/**
 * Inserts an account with a session, as a login would leave them. The session lasts a day from
 * the test clock unless `expiresAt` says otherwise.
 */
export async function insertSignedInAccount(
  t: Pick<TestApi, "db" | "clock">,
  options: { contactEmail?: string; expiresAt?: Date } = {},
): Promise<SignedInAccount> {
  const publicId = `acc_${randomUUID()}`;
  const [account] = await t.db
    .insert(accounts)
    .values({ publicId, contactEmail: options.contactEmail ?? `${publicId}@example.jp` })
    .returning({ id: accounts.id });
  if (!account) throw new Error("the account was not inserted");
  const sessionToken = randomBytes(32).toString("base64url");
  await t.db.insert(sessions).values({
    tokenHash: hashToken(sessionToken),
    accountId: account.id,
    expiresAt: options.expiresAt ?? new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000),
    // Proved at "login", by the test's clock (the column's default is the database's).
    authenticatedAt: t.clock.now(),
  });
  return { accountId: account.id, publicId, sessionToken, cookie: `${SESSION_COOKIE}=${sessionToken}` };
}

export interface TestAccountOptions {
  email?: string;
  password?: string | null;
  userId?: string | null;
  loginProhibited?: boolean;
  /** A member who has not agreed to the policies now in force (they were revised since). */
  withoutConsent?: boolean;
}

export interface TestAccount {
  accountId: string;
  publicId: string;
  email: string;
  password: string | null;
}

/**
 * Inserts a member as a finished sign-up leaves them, with a password (hashed by the API's own
 * hasher) unless `password: null`, and consent to the policies in force.
 */
export async function insertAccount(t: TestApi, options: TestAccountOptions = {}): Promise<TestAccount> {
  const publicId = randomUUID();
  const email = options.email ?? `member-${publicId.slice(0, 8)}@example.jp`;
  const password = options.password === undefined ? "Passw0rdA" : options.password;
  const now = t.clock.now();
  const [account] = await t.db
    .insert(accounts)
    .values({
      publicId,
      email,
      contactEmail: email,
      emailVerifiedAt: now,
      userId: options.userId ?? null,
      passwordHash: password === null ? null : await t.deps.passwords.hash(password),
      passwordUpdatedAt: password === null ? null : now,
      passwordStrength: "LOWER_DIGIT_UPPER",
      loginProhibitedAt: options.loginProhibited ? now : null,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error("the account was not inserted");
  if (!options.withoutConsent) {
    const inForce = policiesInForce(t.deps.policies.current(), now, "ja");
    await recordConsents(t.db, account.id, agreementTo(inForce), now);
  }
  return { accountId: account.id, publicId, email, password };
}

/** The Cookie header pairs a Set-Cookie header asks for: value, or null for a deleted cookie. */
export function parseSetCookies(
  response: Response,
): Map<string, { value: string | null; attributes: string }> {
  const cookies = new Map<string, { value: string | null; attributes: string }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const deleted = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    cookies.set(name, { value: deleted ? null : pair.slice(index + 1), attributes: attributes.join("; ") });
  }
  return cookies;
}

export interface TestBrowserOptions {
  /** The browser's address, handed over as the in-process binding (server/main.ts). */
  clientAddress?: string;
  userAgent?: string;
  /** Accept-Language. */
  language?: string;
}

/**
 * A browser calling the API through the page server (in-process, no Origin): it keeps the
 * cookies the API sets and sends them back, like the browser behind a page's loader would.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly t: Pick<TestApi, "api">,
    private readonly options: TestBrowserOptions = {},
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    headers.set(
      "user-agent",
      this.options.userAgent ??
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    );
    if (this.options.language) headers.set("accept-language", this.options.language);
    const response = await this.t.api.request(
      path,
      { ...init, headers },
      {
        clientAddress: this.options.clientAddress ?? "198.51.100.7",
      },
    );
    for (const [name, { value }] of parseSetCookies(response)) {
      if (value === null) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  get(path: string): Promise<Response> {
    return this.request(path);
  }

  /**
   * The arguments React Router gives a page's loader when another site (a social login provider,
   * a card issuer, PayPal, a carrier) sends this browser to `path`: a cross-site top-level
   * navigation with this browser's cookies, the API in-process. A redirect the loader throws
   * comes back as the answer; its cookies are kept.
   */
  arriveFromAnotherSite<Args>(
    loader: (args: Args) => Promise<unknown>,
    path: string,
    params: Record<string, string> = {},
  ): Promise<{ redirect: Response | null; answer: unknown }> {
    const headers = {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    return this.runPage(loader, new Request(new URL(path, "http://localhost"), { headers }), params);
  }

  /** A page's own form posted to its action (`fields` as the HTML form sends them), as above. */
  postPageForm<Args>(
    action: (args: Args) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ): Promise<{ redirect: Response | null; answer: unknown }> {
    const request = new Request(new URL(path, "http://localhost"), {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", origin: "http://localhost" },
      body: new URLSearchParams(fields),
    });
    return this.runPage(action, request, params);
  }

  private async runPage<Args>(
    run: (args: Args) => Promise<unknown>,
    request: Request,
    params: Record<string, string>,
  ): Promise<{ redirect: Response | null; answer: unknown }> {
    request.headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const url = new URL(request.url);
    const clientAddress = this.options.clientAddress ?? "198.51.100.7";
    const zapi = {
      inProcess: (apiRequest: Request) => this.t.api.fetch(apiRequest, { clientAddress }),
      origin: null,
      clientAddress,
    };
    try {
      const answer = await run({ request, url, params, context: { zapi } } as Args);
      return { redirect: null, answer };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      for (const [name, { value }] of parseSetCookies(thrown)) {
        if (value === null) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      return { redirect: thrown, answer: null };
    }
  }
}

/** A browser that logged in as `member` with their password, as the login screen would. */
export async function loggedInBrowser(
  t: Pick<TestApi, "api">,
  member: { email: string; password: string | null },
  options: TestBrowserOptions = {},
): Promise<TestBrowser> {
  const browser = new TestBrowser(t, options);
  const login = await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });
  if (login.status >= 300) throw new Error(`the login of ${member.email} answered ${login.status}`);
  return browser;
}

/** The 6-digit code of the latest mail to `address`. */
export function mailedCode(outbox: MemoryOutbox, address: string): string {
  const code = /\b(\d{6})\b/.exec(outbox.latestMailTo(address)?.text ?? "")?.[1];
  if (!code) throw new Error(`no code was mailed to ${address}`);
  return code;
}
