/**
 * reCAPTCHA Enterprise in the browser (issue 7 §10), for the forms whose screen definition names a
 * `recaptchaAction` while the store enables reCAPTCHA:
 * - RecaptchaScript loads the Enterprise script (`…/enterprise.js?render=<siteKey>`) with the
 *   page's CSP nonce; the CSP allows its origin only while the store enables reCAPTCHA;
 * - RecaptchaNotice says the site is protected (Google's terms, since the badge is hidden);
 * - useRecaptchaToken obtains a token on submit with grecaptcha.enterprise.execute, which the page
 *   sends as `token` with the form's data (app/components/screen/screen-forms.tsx).
 * Without JavaScript no token is sent and the API refuses with a message saying to turn it on.
 */
import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { RECAPTCHA_TOKEN_FIELD } from "../../schemas/form-post.ts";
import type { RecaptchaAction } from "../../schemas/recaptcha-action.ts";
import { useNonce } from "../lib/nonce.tsx";
import { useRootData } from "../root.tsx";
import "./recaptcha.css";

/** Google's script; the server's RECAPTCHA_SCRIPT_URL (root data) replaces it, e.g. with a test fake. */
export const DEFAULT_RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/enterprise.js";

/** How long a submit waits for the script and its token before going on without one. */
export const RECAPTCHA_TOKEN_TIMEOUT_MS = 10_000;

const GOOGLE_PRIVACY_URL = "https://policies.google.com/privacy";
const GOOGLE_TERMS_URL = "https://policies.google.com/terms";

interface GrecaptchaEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: GrecaptchaEnterprise };
  }
}

export interface RecaptchaConfig {
  siteKey: string;
  /** The script's address with the site key as its render parameter. */
  scriptSrc: string;
}

/** The script address for a site key: `render=<siteKey>` makes it the invisible score-based kind. */
export function recaptchaScriptSrc(scriptUrl: string, siteKey: string): string {
  const url = new URL(scriptUrl);
  url.searchParams.set("render", siteKey);
  return url.href;
}

/** reCAPTCHA as this store uses it, or null when it is off (or has no site key to run with). */
export function useRecaptchaConfig(): RecaptchaConfig | null {
  const root = useRootData();
  const recaptcha = root?.storeSettingData.login.recaptcha;
  if (!recaptcha?.enabled || !recaptcha.siteKey) return null;
  const scriptUrl = root?.recaptchaScriptUrl ?? DEFAULT_RECAPTCHA_SCRIPT_URL;
  return { siteKey: recaptcha.siteKey, scriptSrc: recaptchaScriptSrc(scriptUrl, recaptcha.siteKey) };
}

/** Resolves with grecaptcha.enterprise once the async script has defined it. */
function enterpriseLoaded(deadline: number): Promise<GrecaptchaEnterprise> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const enterprise = window.grecaptcha?.enterprise;
      if (enterprise) resolve(enterprise);
      else if (Date.now() > deadline) reject(new Error("the reCAPTCHA script did not load"));
      else setTimeout(check, 50);
    };
    check();
  });
}

/**
 * A fresh token for `action` (tokens are single-use and expire in two minutes, so one per
 * submit), or "" when the script is blocked or too slow: the API then says what to do.
 */
export async function recaptchaToken(
  siteKey: string,
  action: RecaptchaAction,
  timeoutMs = RECAPTCHA_TOKEN_TIMEOUT_MS,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  try {
    const enterprise = await enterpriseLoaded(deadline);
    await new Promise<void>((resolve) => enterprise.ready(resolve));
    const token = await Promise.race([
      enterprise.execute(siteKey, { action }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("no reCAPTCHA token in time")), Math.max(0, deadline - Date.now())),
      ),
    ]);
    return typeof token === "string" ? token : "";
  } catch (error) {
    console.warn("[recaptcha] no token; the form is sent without one", error);
    return "";
  }
}

/** The Enterprise script, with the CSP nonce (after hydration it loads by its allowed origin). */
export function RecaptchaScript({ config }: { config: RecaptchaConfig }) {
  const nonce = useNonce();
  return <script src={config.scriptSrc} nonce={nonce} async suppressHydrationWarning />;
}

/**
 * The text with its `<name>…</name>` parts as links to `hrefs[name]`, opening in a new tab.
 */
function withLinks(text: string, hrefs: Readonly<Record<string, string>>): ReactNode[] {
  return text.split(/(<\w+>.*?<\/\w+>)/).map((part, index) => {
    const link = /^<(\w+)>(.*?)<\/\1>$/.exec(part);
    const href = link?.[1] ? hrefs[link[1]] : undefined;
    if (!link || !href) return part;
    return (
      <a key={index} href={href} target="_blank" rel="noopener noreferrer">
        {link[2]}
      </a>
    );
  });
}

/** Google's terms ask sites that hide the reCAPTCHA badge to say this near the form. */
export function RecaptchaNotice({ className = "recaptcha-notice" }: { className?: string }) {
  const { t } = useTranslation();
  const hrefs = { privacy: GOOGLE_PRIVACY_URL, terms: GOOGLE_TERMS_URL };
  return <p className={className}>{withLinks(t("login.recaptchaNotice"), hrefs)}</p>;
}

/** The script and the notice for a form protected by `action`; nothing when reCAPTCHA is off. */
export function RecaptchaFeatures({ action }: { action: RecaptchaAction | undefined }) {
  const config = useRecaptchaConfig();
  if (!config || !action) return null;
  return (
    <>
      <RecaptchaScript config={config} />
      <RecaptchaNotice />
    </>
  );
}

/**
 * Above a protected form: without JavaScript no token can be made and the API refuses the form,
 * so the page says so before it is filled in (issue 29). Nothing while reCAPTCHA is off.
 */
export function RecaptchaNeedsScript({ action }: { action: RecaptchaAction | undefined }) {
  const { t } = useTranslation();
  const config = useRecaptchaConfig();
  if (!config || !action) return null;
  return (
    <noscript>
      <p className="form-notice" role="alert">
        {t("login.recaptchaNeedsScript")}
      </p>
    </noscript>
  );
}

/**
 * Adds `token` for `action` to a submission while the store enables reCAPTCHA; otherwise hands it
 * back as it is.
 */
export function useRecaptchaToken(
  action: RecaptchaAction | undefined,
): (body: Record<string, unknown>) => Promise<Record<string, unknown>> {
  const config = useRecaptchaConfig();
  const siteKey = config?.siteKey;
  return useCallback(
    async (body) =>
      siteKey && action ? { ...body, [RECAPTCHA_TOKEN_FIELD]: await recaptchaToken(siteKey, action) } : body,
    [siteKey, action],
  );
}
