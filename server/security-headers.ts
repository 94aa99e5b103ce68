/**
 * The headers every response carries (issue 7 §3), through Hono's maintained secure-headers
 * middleware: a CSP with a per-request nonce and no `unsafe-*` in script-src, no framing,
 * nosniff, a Referrer-Policy, HSTS under https, a Permissions-Policy. Allowances for the tag
 * manager and reCAPTCHA are added only while the store configures them, and a payment provider's
 * token scripts only on the pages that take a card (read per request, so an edit of the store
 * file applies to the next one).
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { StoreSettingsSource } from "./store/store-settings-source.ts";

/** What a store feature needs beyond our own origin, per CSP directive. */
interface Allowance {
  script?: string[];
  connect?: string[];
  frame?: string[];
  img?: string[];
}

const TAG_MANAGER: Allowance = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
  frame: ["https://www.googletagmanager.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
};

/** Google's reCAPTCHA Enterprise script, the default of RECAPTCHA_SCRIPT_URL. */
export const GOOGLE_RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/enterprise.js";

const GOOGLE_RECAPTCHA: Allowance = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  connect: ["https://www.google.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
};

/**
 * What the reCAPTCHA script at `scriptUrl` needs: Google's script loads more from gstatic and
 * frames; another one (a test's fake, RECAPTCHA_SCRIPT_URL) is allowed its own origin.
 */
export function recaptchaAllowance(scriptUrl: string = GOOGLE_RECAPTCHA_SCRIPT_URL): Allowance {
  const { origin } = new URL(scriptUrl);
  if (origin === new URL(GOOGLE_RECAPTCHA_SCRIPT_URL).origin) return GOOGLE_RECAPTCHA;
  return { script: [origin], connect: [origin], frame: [origin] };
}

/**
 * The pages that take a card (issue 42): the payment provider's token scripts may load and call
 * home there only. (The purchase and subscription pages join with their issues.) The sandbox is
 * served from this origin, which 'self' covers already; another provider's origin is added here.
 */
const CARD_PAGES: readonly RegExp[] = [/^\/mypage\/payment-method\/?$/];

/** What the store's payment provider needs on `path`: its script origins on a card page, else nothing. */
export function paymentAllowance(store: StoreSettingsSource, path: string): Allowance | null {
  if (!CARD_PAGES.some((page) => page.test(path))) return null;
  const provider = store.current().settings.paymentProvider;
  const origins = [provider?.tokenScriptUrl, provider?.tds2ScriptUrl].flatMap((url) => {
    if (!url || !/^https?:\/\//.test(url)) return [];
    return [new URL(url).origin];
  });
  return origins.length > 0 ? { script: origins, connect: origins } : null;
}

/** The console's preview page frames member screens rendered by this site (its own documents). */
const PREVIEW_PAGES: readonly RegExp[] = [/^\/console\/settings\/[a-z]+\/preview\/?$/];
const PREVIEW_FRAMES: Allowance = { frame: ["'self'"] };

/** The allowances the store's current settings call for. */
export function storeAllowances(store: StoreSettingsSource, recaptchaScriptUrl?: string): Allowance[] {
  const { settings } = store.current();
  return [
    ...(settings.gtmId ? [TAG_MANAGER] : []),
    ...(settings.login.recaptcha?.enabled ? [recaptchaAllowance(recaptchaScriptUrl)] : []),
  ];
}

function storeSources(
  store: StoreSettingsSource,
  recaptchaScriptUrl: string | undefined,
  directive: keyof Allowance,
  path: string,
  fallback = "",
): string {
  const payment = paymentAllowance(store, path);
  const allowances = [
    ...storeAllowances(store, recaptchaScriptUrl),
    ...(payment ? [payment] : []),
    ...(PREVIEW_PAGES.some((page) => page.test(path)) ? [PREVIEW_FRAMES] : []),
  ];
  const list = [...new Set(allowances.flatMap((allowance) => allowance[directive] ?? []))];
  return list.length > 0 ? list.join(" ") : fallback;
}

/**
 * Pages whose URL carries a secret (the reset token): no Referer may take it to another site.
 * `same-origin` rather than `no-referrer`: under `no-referrer` the browser sends `Origin: null` with
 * the page's own form post, which React Router's CSRF check rightly refuses (ADR 0015).
 */
function carriesSecret(c: Context): boolean {
  const query = new URL(c.req.url).searchParams;
  return query.has("token") || query.has("code");
}

export interface SecurityHeaderOptions {
  store: StoreSettingsSource;
  /** The public origin is https: HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Vite's dev server injects inline scripts without a nonce: the CSP only reports there. */
  dev: boolean;
  /** RECAPTCHA_SCRIPT_URL: the reCAPTCHA script pages load while the store enables it. */
  recaptchaScriptUrl?: string;
  /** Origins a page's form post may end at by redirects beyond this site (the login provider's clients). */
  formTargets?: (path: string) => readonly string[];
}

export function securityHeaders({
  store,
  https,
  dev,
  recaptchaScriptUrl,
  formTargets,
}: SecurityHeaderOptions): MiddlewareHandler {
  const sources =
    (directive: keyof Allowance, fallback = "") =>
    (c: Context) =>
      storeSources(store, recaptchaScriptUrl, directive, c.req.path, fallback);
  const policy = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, sources("script")],
    // React renders style attributes and the store's theme as inline styles; scripts are the risk.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", sources("connect")],
    frameSrc: [sources("frame", "'none'")],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    // Every flow posts to this site's own routes; the login provider's pages end at its clients'
    // redirect URIs, which form-action governs too (payment redirects add theirs later).
    formAction: ["'self'", (c: Context) => [...new Set(formTargets?.(c.req.path) ?? [])].join(" ")],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
  const headers = secureHeaders({
    ...(dev ? { contentSecurityPolicyReportOnly: policy } : { contentSecurityPolicy: policy }),
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    // Pages open the store's external links in new tabs; they must not reach back.
    crossOriginOpenerPolicy: "same-origin",
    // The store's images may be used by the native app's web views on other origins.
    crossOriginResourcePolicy: "same-site",
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      serial: [],
      payment: ["self"],
      fullscreen: ["self"],
      browsingTopics: [],
    },
    // A header a handler set on purpose (e.g. same-origin below) wins over the default.
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      if (carriesSecret(c)) c.res.headers.set("Referrer-Policy", "same-origin");
    });
    const hashes = c.get(SCRIPT_HASHES as never) as string[] | undefined;
    const header = dev ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
    const csp = c.res.headers.get(header);
    if (hashes && csp) {
      const sources = hashes.map((hash) => `'${hash}'`).join(" ");
      c.res.headers.set(header, csp.replace(`'nonce-${cspNonce(c)}'`, sources).replace(/ {2,}/g, " "));
    }
  };
}

const SCRIPT_HASHES = "cspScriptHashes";

/**
 * Makes this response's CSP allow its inline scripts by their hashes instead of by the nonce (a
 * cached page, whose bytes are the same for every visitor and so carry no nonce: ADR 0038).
 */
// biome-ignore lint/suspicious/noExplicitAny: any app's context.
export function allowScriptsByHash(c: Context<any>, hashes: readonly string[]) {
  c.set(SCRIPT_HASHES as never, [...hashes] as never);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash sources (`sha256-…`) of a document's inline scripts, in order, without repeats.
 * The document is our own render: React escapes `</script` inside a script's text, so the pattern
 * finds each script's exact text, which is what the browser hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || text === "") continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** The nonce secure-headers made for this response (set before the handler runs). */
// biome-ignore lint/suspicious/noExplicitAny: any app's context; the nonce is set by secureHeaders.
export function cspNonce(c: Context<any>): string {
  return (c.get("secureHeadersNonce" as never) as string | undefined) ?? "";
}
