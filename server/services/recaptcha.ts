/**
 * reCAPTCHA Enterprise token check for the password login, when the store enables it. A missing
 * or wrong server-side configuration is the operator's problem: it is logged with what to fix and
 * the login answers "unavailable", never crashes.
 */
import type { StoreSettings } from "../store/validate-settings.ts";

export type RecaptchaSettings = NonNullable<StoreSettings["login"]["recaptcha"]>;

/** reCAPTCHA's own default threshold: 0.0 is very likely a bot, 1.0 very likely a person. */
export const DEFAULT_MINIMUM_SCORE = 0.5;

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

export function createRecaptchaVerifier(options: {
  /** RECAPTCHA_API_KEY: a Google Cloud API key allowed to create assessments. */
  apiKey: string | null;
  fetch?: typeof fetch;
  logger?: Logger;
}): RecaptchaVerifier {
  const { apiKey, fetch: send = fetch, logger = console } = options;
  const misconfigured = (problem: string): RecaptchaVerdict => {
    logger.error(`[recaptcha] ${problem}; password logins are refused until it is fixed`);
    return "unavailable";
  };
  return {
    async verify({ token, settings, expectedAction }) {
      if (!apiKey) return misconfigured("the store enables reCAPTCHA but RECAPTCHA_API_KEY is not set");
      if (!settings.projectId || !settings.siteKey) {
        return misconfigured("login.recaptcha needs siteKey and projectId in the store settings");
      }
      if (!token) return "fail";
      let response: Response;
      try {
        response = await send(
          `https://recaptchaenterprise.googleapis.com/v1/projects/${encodeURIComponent(settings.projectId)}/assessments?key=${encodeURIComponent(apiKey)}`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ event: { token, siteKey: settings.siteKey, expectedAction } }),
            signal: AbortSignal.timeout(5000),
          },
        );
      } catch (error) {
        logger.error(`[recaptcha] the assessment could not be made: ${(error as Error).message}`);
        return "unavailable";
      }
      if (response.status === 400 || response.status === 403 || response.status === 404) {
        return misconfigured(
          `the assessment was refused with ${response.status}: check the API key, projectId and siteKey`,
        );
      }
      if (!response.ok) {
        logger.error(`[recaptcha] the assessment failed with ${response.status}`);
        return "unavailable";
      }
      const assessment = (await response.json()) as Assessment;
      const score = assessment.riskAnalysis?.score ?? 0;
      const valid =
        assessment.tokenProperties?.valid === true && assessment.tokenProperties.action === expectedAction;
      return valid && score >= (settings.minimumScore ?? DEFAULT_MINIMUM_SCORE) ? "pass" : "fail";
    },
  };
}
