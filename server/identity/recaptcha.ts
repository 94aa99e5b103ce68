/**
 * reCAPTCHA Enterprise token check (issue 7 §10), for the calls a store protects when it enables
 * reCAPTCHA: password login, login-code request, sign-up e-mail. A missing or wrong server-side
 * configuration is the operator's problem: it is said at boot (recaptchaConfigurationProblems)
 * and logged with what to fix on each refused call, and the call answers "unavailable"; it never
 * crashes.
 */
import type { StoreSettings } from "../store/validate-settings.ts";

export type RecaptchaSettings = NonNullable<StoreSettings["login"]["recaptcha"]>;

/** reCAPTCHA's own default threshold: 0.0 is very likely a bot, 1.0 very likely a person. */
export const DEFAULT_MINIMUM_SCORE = 0.5;

/** Google's assessment API; RECAPTCHA_ENTERPRISE_ORIGIN replaces it (tests: tests/fakes/recaptcha-server.ts). */
export const DEFAULT_RECAPTCHA_ENTERPRISE_ORIGIN = "https://recaptchaenterprise.googleapis.com";

/** How long an assessment may take before the call is answered "unavailable". */
const ASSESSMENT_TIMEOUT_MS = 5000;

export type RecaptchaVerdict = "pass" | "fail" | "unavailable";

export interface RecaptchaVerifier {
  verify(input: {
    token: string | undefined;
    settings: RecaptchaSettings;
    expectedAction: string;
  }): Promise<RecaptchaVerdict>;
}

interface Assessment {
  tokenProperties?: { valid?: boolean; action?: string; invalidReason?: string };
  riskAnalysis?: { score?: number };
}

type Logger = Pick<Console, "error">;

/**
 * What stops the store's reCAPTCHA from working with this server's configuration, in words for
 * the operator; empty when reCAPTCHA is off or complete. Said at boot, and on each refused call.
 */
export function recaptchaConfigurationProblems(
  settings: RecaptchaSettings | undefined,
  apiKey: string | null,
): string[] {
  if (!settings?.enabled) return [];
  const problems: string[] = [];
  if (!apiKey) problems.push("the store enables reCAPTCHA but RECAPTCHA_API_KEY is not set");
  if (!settings.siteKey) problems.push("login.recaptcha.siteKey is missing in the store settings");
  if (!settings.projectId) problems.push("login.recaptcha.projectId is missing in the store settings");
  return problems;
}

function isAssessment(value: unknown): value is Assessment {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function createRecaptchaVerifier(options: {
  /** RECAPTCHA_API_KEY: a Google Cloud API key allowed to create assessments. */
  apiKey: string | null;
  /** RECAPTCHA_ENTERPRISE_ORIGIN: the origin of the assessment API. */
  origin?: string;
  fetch?: typeof fetch;
  logger?: Logger;
}): RecaptchaVerifier {
  const {
    apiKey,
    origin = DEFAULT_RECAPTCHA_ENTERPRISE_ORIGIN,
    fetch: send = fetch,
    logger = console,
  } = options;
  const base = origin.replace(/\/+$/, "");
  const misconfigured = (problem: string): RecaptchaVerdict => {
    logger.error(`[recaptcha] ${problem}; the calls it protects are refused until it is fixed`);
    return "unavailable";
  };
  return {
    async verify({ token, settings, expectedAction }) {
      const [problem] = recaptchaConfigurationProblems(settings, apiKey);
      if (problem || !apiKey || !settings.projectId || !settings.siteKey) {
        return misconfigured(problem ?? "reCAPTCHA is not configured");
      }
      if (!token) return "fail";
      let response: Response;
      try {
        response = await send(
          `${base}/v1/projects/${encodeURIComponent(settings.projectId)}/assessments?key=${encodeURIComponent(apiKey)}`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ event: { token, siteKey: settings.siteKey, expectedAction } }),
            signal: AbortSignal.timeout(ASSESSMENT_TIMEOUT_MS),
          },
        );
      } catch (error) {
        logger.error(`[recaptcha] the assessment could not be made at ${base}: ${(error as Error).message}`);
        return "unavailable";
      }
      // Google answers a key that is not valid with 400, one without the permission with 403.
      if (response.status === 400 || response.status === 403 || response.status === 404) {
        return misconfigured(
          `the assessment was refused with ${response.status}: check RECAPTCHA_API_KEY and the store's login.recaptcha projectId and siteKey`,
        );
      }
      if (!response.ok) {
        logger.error(`[recaptcha] the assessment failed with ${response.status}`);
        return "unavailable";
      }
      let assessment: unknown;
      try {
        assessment = await response.json();
      } catch {
        logger.error("[recaptcha] the assessment answer is not JSON");
        return "unavailable";
      }
      if (!isAssessment(assessment)) {
        logger.error("[recaptcha] the assessment answer is not an object");
        return "unavailable";
      }
      const score = typeof assessment.riskAnalysis?.score === "number" ? assessment.riskAnalysis.score : 0;
      const valid =
        assessment.tokenProperties?.valid === true && assessment.tokenProperties.action === expectedAction;
      return valid && score >= (settings.minimumScore ?? DEFAULT_MINIMUM_SCORE) ? "pass" : "fail";
    },
  };
}
