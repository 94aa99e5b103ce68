/**
 * `test` for the e2e specs: each test browses as a visitor from an address of its own, which the
 * e2e server learns through its trusted proxy header (TRUST_PROXY, playwright.config.ts) as it would
 * behind a real proxy. The limits per client address (mails, login failures) then count one test's
 * actions, as they count one visitor's, instead of the whole suite's from 127.0.0.1.
 */
import { test as base } from "@playwright/test";
import { SIGN_UP_THROUGH_PAGES } from "./sign-ups-counted.ts";

let visitors = 0;

/**
 * An address no other test of the run uses: 198.18.0.0/15 is set aside for benchmarks and tests
 * (RFC 2544). The worker's index is part of it, since each worker (and each one started again
 * after a failure, for a retry) counts from one.
 */
export function nextVisitorAddress(): string {
  visitors += 1;
  const worker = base.info().workerIndex;
  return `198.${18 + ((worker >> 8) & 1)}.${worker & 255}.${visitors & 255}`;
}

/** The registration forms: the sign-up's own (also after the login provider's e-mail step) and a social sign-up's. */
const REGISTRATION_FORM = /^\/(signup\/form|auth\/callback\/form)(\.data)?$/;

export const test = base.extend<object, { signUpsCounted: undefined }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": nextVisitorAddress() });
  },
  // Every context of the worker, the tests' own (browser.newContext, browser.newPage) included.
  signUpsCounted: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on("request", (request) => {
          if (request.method() !== "POST") return;
          if (!REGISTRATION_FORM.test(new URL(request.url()).pathname)) return;
          base.info().annotations.push({ type: SIGN_UP_THROUGH_PAGES, description: request.url() });
        });
        return context;
      };
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
});

export { expect } from "@playwright/test";
