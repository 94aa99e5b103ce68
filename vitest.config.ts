import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { MODULE_ALIASES } from "./vite.config.ts";

/**
 * The suites that reach the database, all run on PGlite. tests/unit/suite-lists.test.ts keeps this
 * list complete: a new suite that opens a database fails it until it is named here, and its author
 * then decides whether it belongs in POSTGRES_SUITES too.
 */
export const DATABASE_SUITES = [
  "scripts/gallery/api-screen-data.test.ts",
  "server/identity/account.test.ts",
  "server/api/app.test.ts",
  "server/oidc/connections.test.ts",
  "server/oidc/oidc-screen-data.test.ts",
  "server/identity/auth.test.ts",
  "server/identity/email-recovery-routes.test.ts",
  "server/api/fuzz.test.ts",
  "server/api/licenses-screen-data.test.ts",
  "server/identity/login-history-screen-data.test.ts",
  "server/identity/login-screen-data.test.ts",
  "server/api/mypage-screen-data.test.ts",
  "server/identity/policies-screen-data.test.ts",
  "server/api/root-screen-data.test.ts",
  "server/identity/signup-screen-data.test.ts",
  "server/api/malformed-input.test.ts",
  "server/identity/multi-factor-login.test.ts",
  "server/identity/multi-factor-settings.test.ts",
  "server/payments/payment-method-routes.test.ts",
  "server/commerce/plans.test.ts",
  "server/identity/postal-code.test.ts",
  "server/commerce/playback.test.ts",
  "server/commerce/purchase-routes.test.ts",
  "server/identity/reauthentication.test.ts",
  "server/identity/passkeys.test.ts",
  "server/identity/leaked-passwords.test.ts",
  "server/identity/devices.test.ts",
  "server/kit/request-info.test.ts",
  "server/identity/signup.test.ts",
  "server/social/social-routes.test.ts",
  "server/billing/subscription-routes.test.ts",
  "server/billing/payment-history-routes.test.ts",
  "server/billing/invoice-routes.test.ts",
  "server/billing/refunds.test.ts",
  "server/console/report-routes.test.ts",
  "server/mail/mail-records.test.ts",
  "server/api/trusted-origin.test.ts",
  "server/kit/validation.test.ts",
  "server/db/database.test.ts",
  "server/payments/sandbox/processor.test.ts",
  "server/payments/sandbox/routes.test.ts",
  "server/identity/auth-codes.test.ts",
  "server/identity/multi-factor-methods.test.ts",
  "server/identity/passwords.test.ts",
  "server/identity/policy-records.test.ts",
  "server/billing/renewals.test.ts",
  "server/billing/retention.test.ts",
  "server/oidc/adapter.test.ts",
  "server/oidc/interactions.test.ts",
  "server/oidc/keys.test.ts",
  "server/oidc/provider.test.ts",
  "server/oidc/provider-gate.test.ts",
  "server/oidc/service.test.ts",
  "server/kit/throttle.test.ts",
  "server/site.test.ts",
  "server/page-cache.test.ts",
  "server/db/read-cache.test.ts",
  "server/api/member-reads.test.ts",
  "server/commerce/contracts.test.ts",
  "server/console/staff.test.ts",
  "server/console/console-routes.test.ts",
  "scripts/staff-add.test.ts",
  "server/store/config-versions.test.ts",
  "server/store/config-in-force.test.ts",
  "server/console/settings-routes.test.ts",
  "server/console/config-assets.test.ts",
  "server/console/member-routes.test.ts",
  "scripts/config-export.test.ts",
  "tests/unit/screen-api-contract.test.ts",
  "tests/unit/test-database.test.ts",
];

/**
 * The database suites run a second time on PostgreSQL when the test command has started one
 * (TEST_DATABASE_URL): those whose SQL or concurrency can behave otherwise there, each with why.
 * The others run the same statements as these, with no lock, race or engine-specific function.
 */
export const POSTGRES_SUITES: Readonly<Record<string, string>> = {
  "server/identity/devices.test.ts":
    "a session ended through one worker, refused by another with no cache between",
  "server/db/database.test.ts": "the migrations, on the engine production runs",
  "tests/unit/test-database.test.ts": "the throwaway PostgreSQL the suites use",
  "server/billing/renewals.test.ts":
    "the billing run's claims (FOR UPDATE SKIP LOCKED), the reaper, exactly once",
  "server/commerce/purchase-routes.test.ts":
    "simultaneous purchases with one token, the last slot of a limited plan",
  "server/billing/subscription-routes.test.ts":
    "status changes made conditional on the state, beside the billing run",
  "server/payments/payment-method-routes.test.ts":
    "a delete refused in the same statement a subscription takes the method",
  "server/payments/sandbox/processor.test.ts": "single-use tokens and charges under concurrency",
  "server/kit/throttle.test.ts": "counters kept by upserts",
  "server/oidc/adapter.test.ts": "the provider's JSON payloads and their expiry",
  "server/oidc/keys.test.ts": "key rotation under a lock, from several processes",
  "server/billing/invoice-routes.test.ts": "the invoice-number sequence and the copies of one payment",
  "server/billing/refunds.test.ts": "refunds once per key and never beyond the charge, asked at once",
  "server/console/report-routes.test.ts": "the reports' month tables and aggregates in PostgreSQL's own SQL",
  "server/identity/signup.test.ts": "one account per address (unique constraints, upserts)",
  "server/identity/account.test.ts": "an e-mail address taken meanwhile; profile-image upserts",
  "server/social/social-routes.test.ts": "one person linked to one account (unique constraints)",
  "server/identity/multi-factor-methods.test.ts": "the settings' upserts",
  "server/identity/auth.test.ts": "sessions and known devices (upserts), logins counted",
  "server/api/fuzz.test.ts":
    "what PostgreSQL refuses and PGlite takes (NUL, invalid text, ranges) answers no 500",
  "server/api/malformed-input.test.ts": "the same, for hand-made malformed input",
  "server/billing/payment-history-routes.test.ts": "keyset pages ordered by timestamps",
  "server/identity/login-history-screen-data.test.ts": "keyset pages ordered by timestamps",
  "server/billing/retention.test.ts": "deletes by date arithmetic",
  "server/console/staff.test.ts":
    "one staff row per address; an authenticator code spent once when two sign-ins race; one owner kept",
  "server/store/config-versions.test.ts":
    "one version when several processes import one edit (an advisory lock)",
  "server/store/config-in-force.test.ts": "a publication brought in force by another process's version check",
  "server/console/settings-routes.test.ts":
    "a draft's upsert, publications numbered under the lock, jsonb's own key order in the changes",
  "server/console/config-assets.test.ts": "bytea round trip; one row when the same image is uploaded again",
  "server/console/member-routes.test.ts":
    "LIKE escapes, regexp_replace and string concatenation of the search",
};

const everySuite = ["{app,schemas,screens,widgets,server,scripts,locales,tests/unit}/**/*.test.{ts,tsx}"];

/**
 * Suites that replace a module (vi.mock) and so need a module registry of their own. Every other
 * suite shares its worker's modules with the suites before it (isolate: false): importing React,
 * rjsf, ajv and the server once per worker instead of once per file took the suite from 134 s to
 * 47 s on a sample here. Suites restore what they stub (timers, globals) after each test.
 */
export const ISOLATED_SUITES = [
  "widgets/form-validator.test.tsx",
  "app/components/plans/three-d-secure-form.test.tsx",
];

// Vitest runs without the React Router plugin: route modules are tested as plain components.
export default defineConfig({
  resolve: { alias: MODULE_ALIASES },
  test: {
    environment: "node",
    setupFiles: ["tests/setup-vitest.ts"],
    testTimeout: 20_000,
    // Hooks open databases, which takes seconds on a busy machine.
    hookTimeout: 30_000,
    // Vitest leaves one core free by default, which is half of this 2-core machine: the suite is
    // CPU-bound, so it uses them all (203 s -> 113 s here).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true as const,
        test: {
          name: "pglite",
          include: everySuite,
          exclude: ISOLATED_SUITES,
          isolate: false,
          env: { TEST_DATABASE: "pglite" },
        },
      },
      {
        extends: true as const,
        test: { name: "isolated", include: ISOLATED_SUITES, env: { TEST_DATABASE: "pglite" } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: Object.keys(POSTGRES_SUITES),
                isolate: false,
                // The fuzz test sends a sample here (30 requests per endpoint and role, a quarter of
                // PGlite's): what differs between the engines is the SQL, which the sample reaches.
                env: { TEST_DATABASE: "postgres", FUZZ_RUNS: process.env.FUZZ_RUNS ?? "30" },
              },
            },
          ]
        : []),
    ],
  },
});
