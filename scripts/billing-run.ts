/**
 * `npm run billing:run -- --now=2027-01-31T00:00:00+09:00`: one billing pass (issue 44 §2) against
 * DATA_DIR / DATABASE_URL with that clock (default: now). Prints a line per subscription it
 * touched and a summary; exits 0 when it ran (nothing due included), 1 when it could not. On the
 * embedded database the server must be stopped: PGlite has one owning process.
 */
import { resolve } from "node:path";
import { japanDay } from "../schemas/japan-time.ts";
import {
  describeBillingLine,
  describeBillingTotals,
  describeSettledOrder,
} from "../server/billing/billing-loop.ts";
import { billingNotifier } from "../server/billing/billing-notices.ts";
import { type BillingLine, type BillingPassReport, runBillingPass } from "../server/billing/renewals.ts";
import { type Database, openDatabase } from "../server/db/database.ts";
import { DirectoryLockedError } from "../server/db/directory-lock.ts";
import { type Env, EnvError, parseEnv } from "../server/env.ts";
import { createMailer } from "../server/mail/transports.ts";
import { createSandboxProvider } from "../server/payments/sandbox/sandbox-provider.ts";
import { CatalogueError, watchCatalogue } from "../server/store/catalogue-source.ts";
import { watchStoreSettings } from "../server/store/store-settings-source.ts";
import { StoreSettingsError } from "../server/store/validate-settings.ts";
import { runAsCommand, UsageError } from "./command.ts";

/** The clock of `--now=<ISO 8601 instant with its offset>`, or the real one. */
export function clockOf(argv: readonly string[]): Date {
  const given = argv.find((arg) => arg.startsWith("--now="))?.slice("--now=".length);
  const unknown = argv.filter((arg) => !arg.startsWith("--now="));
  if (unknown.length > 0)
    throw new UsageError(`unknown argument ${unknown.join(" ")} (only --now=<instant>)`);
  if (given === undefined) return new Date();
  // An offset is required: a bare date or time would be read in the machine's zone.
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(given)
    ? new Date(given)
    : null;
  if (!instant || Number.isNaN(instant.getTime())) {
    throw new UsageError(
      `--now must be an instant with its offset, e.g. 2027-01-31T00:00:00+09:00 (got "${given}")`,
    );
  }
  return instant;
}

/** What runs billing passes outside the server: the command's, and the one its test keeps open. */
export interface BillingRunner {
  kind: Database["kind"];
  /** One pass with the clock at `now` (the provider and the mails see that clock too). */
  pass(now: Date, onLine?: (line: BillingLine) => void): Promise<BillingPassReport>;
  close(): Promise<void>;
}

/** Opens the database, the store files and the mailer as the server would, for billing passes. */
export async function openBillingRunner(env: Env): Promise<BillingRunner> {
  const store = watchStoreSettings(env.storeConfig, { info: () => {}, error: console.error });
  const catalogue = watchCatalogue(resolve(env.storeConfig, ".."), { info: () => {}, error: console.error });
  const close = async () => {
    store.close();
    catalogue.close();
    await database?.close();
  };
  let database: Database | undefined;
  try {
    database = await openDatabase(env);
  } catch (error) {
    await close();
    throw error;
  }
  const { db } = database;
  let current = new Date();
  const clock = () => current;
  const payments = createSandboxProvider({
    db,
    config: () => store.current().settings.paymentProvider,
    now: clock,
  });
  const notify = billingNotifier({
    db,
    mailer: createMailer(env),
    store,
    catalogue,
    publicOrigin: env.publicOrigin,
    now: clock,
  });
  return {
    kind: database.kind,
    pass(now, onLine) {
      current = now;
      return runBillingPass({ db, payments, catalogue: () => catalogue.current(), notify }, now, { onLine });
    },
    close,
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const now = clockOf(argv);
  const runner = await openBillingRunner(parseEnv());
  try {
    console.log(`billing run at ${now.toISOString()} (Japan day ${japanDay(now)}) on ${runner.kind}`);
    const report = await runner.pass(now, (line) => console.log(describeBillingLine(line)));
    for (const order of report.orders) console.log(describeSettledOrder(order));
    console.log(describeBillingTotals(report));
    return 0;
  } finally {
    await runner.close();
  }
}

runAsCommand(import.meta.url, main, [EnvError, DirectoryLockedError, StoreSettingsError, CatalogueError]);
