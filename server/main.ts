/**
 * The one process (ADR 0002): reads the environment and the store, opens the database, builds the
 * API and the site (server/site.ts: /zapi/* → the Hono API, /assets/* → the client build,
 * /store-assets/* → the store's images, everything else → React Router SSR) and serves it.
 * `--dev` serves through Vite with HMR instead of the production build.
 */
import { purgeMailRecords, recordingMailer } from "./mail/mail-records.ts";
import { purgeExpiredOidcModels } from "./oidc/adapter.ts";
import "./require-node.ts";
import "./production-mode.ts";
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { createApi } from "./api/app.ts";
import { describeBillingLine, describeBillingTotals, startBillingLoop } from "./billing/billing-loop.ts";
import { billingNotifier } from "./billing/billing-notices.ts";
import { runBillingPass } from "./billing/renewals.ts";
import { superviseWorkers } from "./cluster.ts";
import { storedAssets } from "./console/config-assets.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { DirectoryLockedError } from "./db/directory-lock.ts";
import { type Env, EnvError, parseEnv } from "./env.ts";
import { loadCountryDatabase } from "./identity/ip-country.ts";
import { leakedPasswordCheck, NO_LEAKED_PASSWORD_CHECK } from "./identity/leaked-passwords.ts";
import { createPasswordHasher } from "./identity/passwords.ts";
import { createRecaptchaVerifier, recaptchaConfigurationProblems } from "./identity/recaptcha.ts";
import { createSecretBox, loadSecretKey, SecretKeyError } from "./kit/secret-box.ts";
import { mailsAfterAnswersSent } from "./mail/send-mail.ts";
import { createMailer, createSmsSender } from "./mail/transports.ts";
import {
  OidcClientsError,
  oidcClientsInForce,
  redirectSources,
  watchOidcClients,
} from "./oidc/client-source.ts";
import { createOidcService } from "./oidc/service.ts";
import { guestCacheablePages, guestPageGeneration, PageCache } from "./page-cache.ts";
import { createSandboxRoutes } from "./payments/sandbox/routes.ts";
import { createSandboxProvider } from "./payments/sandbox/sandbox-provider.ts";
import { createSite, trustedHosts } from "./site.ts";
import { SocialLogin, socialConfigurationProblems } from "./social/providers.ts";
import { catalogueInForce, watchCatalogue } from "./store/catalogue-source.ts";
import { keepConfigurationsInForce } from "./store/config-in-force.ts";
import { PolicyFilesError, policyCatalogueInForce, watchPolicies } from "./store/policy-source.ts";
import { storeSettingsInForce, watchStoreSettings } from "./store/store-settings-source.ts";
import { StoreSettingsError } from "./store/validate-settings.ts";
import { createServerClock, testClockRoutes } from "./test-clock.ts";

const root = resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function boot(env: Env) {
  // What the file says until a newer version is published (server/store/config-in-force.ts).
  const store = storeSettingsInForce(watchStoreSettings(env.storeConfig));
  // The store's policies live next to its settings file (config/policies).
  const policies = policyCatalogueInForce(watchPolicies(resolve(env.storeConfig, "../policies")));
  // The plans and campaign codes live next to it too.
  const catalogue = catalogueInForce(watchCatalogue(resolve(env.storeConfig, "..")));
  const database: Database = await openDatabase(env);
  // The login history's country lookup, unpacked before the first login needs it.
  loadCountryDatabase();
  const clock = createServerClock();
  const { now } = clock;
  // Every mail through one mailer that records what it sent (server/mail/mail-records.ts).
  const mailer = recordingMailer(createMailer(env), database.db, now);
  const sms = createSmsSender(env);
  const secretBox = createSecretBox(loadSecretKey(env.encryptionKey, resolve(env.dataDir, "encryption.key")));
  // The login provider's relying parties beside the store settings file, their secrets sealed in
  // the versions.
  const oidcClients = oidcClientsInForce(watchOidcClients(resolve(env.storeConfig, "..")), secretBox);
  // Each watched file as a version of its configuration, now and after each valid edit, and the
  // newest version of each in force (server/store/config-in-force.ts): the history the console
  // shows, and its publications.
  const configurations = await keepConfigurationsInForce(
    database.db,
    [store, ...catalogue.configurations, oidcClients, policies],
    { now },
  );

  const paymentConfig = () => store.current().settings.paymentProvider;
  const sessionMaxAgeMs = env.sessionMaxAgeDays * 24 * 60 * 60 * 1000;
  const oidc = await createOidcService({
    db: database.db,
    secretBox,
    publicOrigin: env.publicOrigin,
    trustProxy: env.trustProxy,
    hosts: trustedHosts(env.publicOrigin, env.publicOriginIsDefault),
    clients: oidcClients,
    store,
    now,
    sessionMaxAgeMs,
  });
  const payments = createSandboxProvider({ db: database.db, config: paymentConfig, now });
  const social = new SocialLogin({ secrets: env.socialSecrets });
  const api = createApi({
    db: database.db,
    catalogue,
    payments,
    store,
    policies,
    mailer,
    sms,
    passwords: createPasswordHasher(),
    leakedPasswords: env.pwnedPasswordsUrl
      ? leakedPasswordCheck({ baseUrl: env.pwnedPasswordsUrl })
      : NO_LEAKED_PASSWORD_CHECK,
    recaptcha: createRecaptchaVerifier({
      apiKey: env.recaptchaApiKey,
      origin: env.recaptchaEnterpriseOrigin,
    }),
    secretBox,
    now,
    secureCookies: env.publicOrigin.startsWith("https://"),
    publicOrigin: env.publicOrigin,
    trustProxy: env.trustProxy,
    sessionMaxAgeMs,
    oidc,
    oidcClients,
    social,
    configurations,
  });

  // Renewals: every process on PostgreSQL, the one owner on PGlite (server/billing/billing-loop.ts).
  const billingDeps = {
    db: database.db,
    payments,
    catalogue: () => catalogue.current(),
    notify: billingNotifier({
      db: database.db,
      mailer,
      store,
      catalogue,
      publicOrigin: env.publicOrigin,
      now,
    }),
  };
  const billing = startBillingLoop(billingDeps, {
    now,
    purges: { oidcModels: purgeExpiredOidcModels, mailRecords: purgeMailRecords },
  });
  const vite = dev
    ? await (await import("vite")).createServer({ root, server: { middlewareMode: true }, appType: "custom" })
    : null;
  const buildPath = resolve(root, "build/server/index.js");
  const loadBuild = async (): Promise<ServerBuild> =>
    vite
      ? ((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild)
      : ((await import(buildPath)) as ServerBuild);
  const build = dev ? null : await loadBuild();
  const handleDocument = createRequestHandler(build ?? loadBuild, dev ? "development" : "production");
  // Guests' pages from memory (ADR 0038): whatever they show changes the generation.
  const pageCache = build
    ? new PageCache({
        isCacheable: guestCacheablePages(build, store),
        generation: guestPageGeneration({ store, catalogue, policies, now }),
        maxBytes: PAGE_CACHE_BYTES,
      })
    : undefined;

  const app = createSite({
    api,
    sandbox: createSandboxRoutes({ db: database.db, config: paymentConfig, now }),
    renderDocument: handleDocument,
    store,
    publicOrigin: env.publicOrigin,
    publicOriginIsDefault: env.publicOriginIsDefault,
    recaptchaScriptUrl: env.recaptchaScriptUrl,
    zapiOrigin: env.zapiOrigin,
    clientBuildDir: resolve(root, "build/client"),
    storeAssetsDir: resolve(env.storeConfig, ".."),
    storedAsset: storedAssets(database.db),
    dev,
    oidcFormTargets: () => redirectSources(oidcClients.current()),
    pageCache,
    consoleAccess: env.console,
    trustProxy: env.trustProxy,
    testClock: env.testClock
      ? testClockRoutes(clock, async (at) => {
          const report = await runBillingPass(billingDeps, at);
          return [...report.lines.map(describeBillingLine), describeBillingTotals(report)];
        })
      : undefined,
  });

  const listener = getRequestListener(app.fetch);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The provider's endpoints and interaction requests first (/op/*, discovery, /oidc…).
    if (oidc.handle(req, res)) return;
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.listen(env.port, env.host, () => {
    // Several workers: each says it serves; the first also prints the banner.
    if (cluster.isWorker) {
      console.log(`[cluster] worker ${process.pid} ready`);
      if (cluster.worker?.id !== 1) return;
    }
    const shownHost = env.host === "0.0.0.0" || env.host === "::" ? "localhost" : env.host;
    console.log(`\n  ${dev ? "Development server" : "Server"} ready: http://${shownHost}:${env.port}\n`);
    console.log(`  runtime: Node ${process.version}, ${process.env.NODE_ENV ?? "development"} mode`);
    console.log(`  database: ${database.kind}${database.kind === "pglite" ? ` (${env.dataDir}/db)` : ""}`);
    console.log(`  mail: ${env.smtpUrl ? "SMTP" : `outbox (${env.dataDir}/outbox)`}`);
    if (env.testClock) console.log("  clock: TEST_CLOCK (tests may move it forward: POST /zapi/test-clock)");
    console.log(
      env.publicOriginIsDefault
        ? `  public origin: ${env.publicOrigin} (default; set PUBLIC_ORIGIN to the address members use — mailed links and the trusted Host come from it)\n`
        : `  public origin: ${env.publicOrigin}\n`,
    );
    // An operator's mistake, not a reason to stop: the protected calls answer 503 until it is fixed.
    for (const problem of recaptchaConfigurationProblems(
      store.current().settings.login.recaptcha,
      env.recaptchaApiKey,
    )) {
      console.error(`  ✖ reCAPTCHA: ${problem}; login and sign-up are refused until it is fixed\n`);
    }
    for (const problem of socialConfigurationProblems(store.current().settings, env.socialSecrets)) {
      console.error(`  ✖ social login: ${problem}\n`);
    }
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: closing`);
    // Drain: no new connections, idle ones closed, requests in flight may finish for a while.
    const closed = new Promise((resolveClosed) => server.close(resolveClosed));
    server.closeIdleConnections();
    await Promise.race([closed, new Promise((resolveWait) => setTimeout(resolveWait, DRAIN_LIMIT_MS))]);
    server.closeAllConnections();
    await billing.stop();
    configurations.close();
    await mailsAfterAnswersSent();
    store.close();
    policies.close();
    oidcClients.close();
    await vite?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** How long requests in flight may take to finish after SIGTERM. */
const DRAIN_LIMIT_MS = 10_000;
/** The guest page cache's bound: a page with its brotli and gzip copies is about 50 KB. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

async function main() {
  const env = parseEnv();
  if (env.webConcurrency > 1 && dev) {
    throw new EnvError("WEB_CONCURRENCY", "must be 1 with npm run dev (one Vite server)");
  }
  if (env.webConcurrency > 1 && cluster.isPrimary) {
    // Made once here, not raced by the workers: every process must seal with the same key.
    loadSecretKey(env.encryptionKey, resolve(env.dataDir, "encryption.key"));
    superviseWorkers(env.webConcurrency);
    return;
  }
  await boot(env);
}

main().catch((error: unknown) => {
  if (
    error instanceof EnvError ||
    error instanceof StoreSettingsError ||
    error instanceof PolicyFilesError ||
    error instanceof OidcClientsError ||
    error instanceof DirectoryLockedError ||
    error instanceof SecretKeyError
  ) {
    fail(error.message);
  }
  console.error(error);
  process.exit(1);
});
