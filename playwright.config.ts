import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { FAKE_SECRET_ENV } from "./tests/fakes/identity-provider-clients.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = ".data/e2e";
/** The local reCAPTCHA stand-in (tests/fakes/recaptcha-server.ts); used once a spec enables reCAPTCHA. */
export const e2eRecaptchaPort = Number(process.env.E2E_RECAPTCHA_PORT ?? 3219);
const recaptchaOrigin = `http://127.0.0.1:${e2eRecaptchaPort}`;
/**
 * The first port of the four social login stand-ins (tests/fakes/identity-providers.ts), which the
 * social login spec starts and points a store edit at; the server knows their secrets from boot.
 */
export const e2eIdentityProviderPort = Number(process.env.E2E_IDP_PORT ?? 3220);
/**
 * The project of the tests tagged EDITS_STORE (tests/e2e/helpers.ts): they change a store file, so
 * they run one at a time against a server of their own (port + 1, its own data folder and store),
 * beside the other tests, which see the demo store of the first server throughout.
 */
export const STORE_EDITS_PROJECT = "store-edits";
export const e2eStoreEditsDataDir = ".data/e2e-store-edits";
const storeEditsPort = port + 1;
/**
 * The project of the tests tagged PASSKEYS: WebAuthn takes a domain for the relying party, never an
 * IP address, so they browse a server of their own whose public origin is http://localhost
 * (port + 2, its own data folder, one seeded member without a password).
 */
export const PASSKEYS_PROJECT = "passkeys";
export const e2ePasskeysDataDir = ".data/e2e-passkeys";
const passkeysPort = port + 2;
const browserUse = { ...devices["Desktop Chrome"], channel: undefined };
const browserWorkers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));

/** One e2e server: the production build on a fresh data folder holding a copy of the demo store. */
function e2eServer(
  serverPort: number,
  dataDir: string,
  seed: "members" | "store-edits" | "passkeys",
  publicHost = "127.0.0.1",
) {
  const origin = `http://${publicHost}:${serverPort}`;
  return {
    command: [
      `rm -rf ${dataDir} && mkdir -p ${dataDir}/store && cp -r config/. ${dataDir}/store/`,
      `npx tsx tests/e2e/seed.ts ${dataDir}${seed === "members" ? "" : ` --${seed}`}`,
      "npx tsx server/main.ts",
    ].join(" && "),
    url: `${origin}/zapi/internal/root/screen-data`,
    env: {
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      STORE_CONFIG: `${dataDir}/store/store.json`,
      // The one trusted origin: the address the tests browse.
      PUBLIC_ORIGIN: origin,
      // Each test is a visitor of its own address, told by X-Forwarded-For (tests/e2e/visitor.ts).
      TRUST_PROXY: "true",
      // reCAPTCHA goes to the local fake; nothing changes until a spec turns it on in the store.
      RECAPTCHA_API_KEY: "fake-recaptcha-api-key",
      RECAPTCHA_ENTERPRISE_ORIGIN: recaptchaOrigin,
      RECAPTCHA_SCRIPT_URL: `${recaptchaOrigin}/recaptcha/enterprise.js`,
      // Waits the server enforces are passed by moving its clock (letTimePass in tests/e2e/helpers.ts).
      TEST_CLOCK: "1",
      // Social login's secrets for the stand-ins; no provider is offered until a spec edits the store.
      ...FAKE_SECRET_ENV,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe" as const,
  };
}

/**
 * E2E runs against the production build (npm test builds first) on a fresh embedded database, in
 * Debian's Chromium: Playwright cannot download its own browser here (ADR 0005).
 */
export default defineConfig({
  testDir: "tests/e2e",
  // Files may run side by side on one server: each test browses from an address of its own
  // (tests/e2e/visitor.ts) with members of its own; the tests of one file run in order. A worker
  // per two cores: Chromium is the bottleneck (a new context costs ~1.3 CPU-s here, a page load
  // ~0.75), and on 2 cores two workers took as long as one (288 s vs 287 s for 10 tests).
  fullyParallel: false,
  // The store-edits lane takes one of them at a time. Its own server lets it run beside the other
  // lane, but on 2 cores that was slower (9.0 min against 8.4 one after the other, ADR 0040).
  workers: browserWorkers,
  retries: process.env.CI ? 1 : 0,
  // A test that passes only on its retry fails the run (issue 40 §7): flakiness is reported, not hidden.
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // Recording a trace of every test cost a fifth of the e2e time (136 s against 107 s for three
    // specs): it is recorded on the retry of a failed test (CI retries once), or with --trace on.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: browserUse, grepInvert: /@edits-store|@passkeys/, workers: browserWorkers },
    {
      name: STORE_EDITS_PROJECT,
      use: { ...browserUse, baseURL: `http://127.0.0.1:${storeEditsPort}` },
      grep: /@edits-store/,
      workers: 1,
    },
    {
      name: PASSKEYS_PROJECT,
      use: { ...browserUse, baseURL: `http://localhost:${passkeysPort}` },
      grep: /@passkeys/,
      workers: 1,
    },
  ],
  webServer: [
    // The members the specs need in states the pages cannot make are seeded before it starts.
    e2eServer(port, e2eDataDir, "members"),
    // The store-edits lane has no members, only the staff member who edits the store in the console.
    e2eServer(storeEditsPort, e2eStoreEditsDataDir, "store-edits"),
    e2eServer(passkeysPort, e2ePasskeysDataDir, "passkeys", "localhost"),
    {
      command: "npx tsx tests/fakes/recaptcha-server.ts",
      url: `${recaptchaOrigin}/health`,
      env: { PORT: String(e2eRecaptchaPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
