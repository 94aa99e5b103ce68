/**
 * The sandbox processor behind the PaymentProvider interface (ADR 0028): the embedded default.
 * The merchant ids come from the store's paymentProvider settings, read at each call so that a
 * settings reload takes effect.
 */
import type { Db } from "../../db/database.ts";
import type { BrowserPaymentConfig, PaymentProvider } from "../provider.ts";
import * as processor from "./processor.ts";

export interface SandboxProviderOptions {
  db: Db;
  /** The store's paymentProvider settings, current at each call. */
  config: () => Partial<BrowserPaymentConfig> | undefined;
  now: () => Date;
}

/** The demo store's ids, used when the store names none. */
export const SANDBOX_DEFAULTS: BrowserPaymentConfig = {
  merchantId: "sandbox-merchant",
  serviceId: "001",
  tokenScriptUrl: `${processor.SANDBOX_BASE_PATH}/token.js`,
  tds2ScriptUrl: `${processor.SANDBOX_BASE_PATH}/tds2.js`,
};

export function sandboxBrowserConfig(
  config: Partial<BrowserPaymentConfig> | undefined,
): BrowserPaymentConfig {
  return {
    merchantId: config?.merchantId || SANDBOX_DEFAULTS.merchantId,
    serviceId: config?.serviceId || SANDBOX_DEFAULTS.serviceId,
    tokenScriptUrl: config?.tokenScriptUrl || SANDBOX_DEFAULTS.tokenScriptUrl,
    tds2ScriptUrl: config?.tds2ScriptUrl || SANDBOX_DEFAULTS.tds2ScriptUrl,
  };
}

export function createSandboxProvider({ db, config, now }: SandboxProviderOptions): PaymentProvider {
  const merchant = () => sandboxBrowserConfig(config());
  return {
    browserConfig: merchant,
    registerCard: (registration) => processor.registerCard(db, merchant(), registration, now()),
    startRedirect: (start) => processor.startRedirect(db, merchant(), start, now()),
    completeAction: (customerRef, actionRef) =>
      processor.completeAction(db, merchant(), customerRef, actionRef),
    charge: (request) => processor.charge(db, merchant(), request, now()),
    completeChargeAction: (customerRef, actionRef) =>
      processor.completeChargeAction(db, merchant(), customerRef, actionRef),
    async findCharge(idempotencyKey) {
      const row = await processor.findCharge(db, merchant(), idempotencyKey);
      return row ? processor.chargeOutcome(db, row, now()) : null;
    },
    refund: (request) => processor.refund(db, merchant(), request),
    removeMethod: (customerRef, methodRef) => processor.removeMethod(db, merchant(), customerRef, methodRef),
  };
}
