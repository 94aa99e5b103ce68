/**
 * Request bodies checked by the same FormDefinition the browser renders (schemas/): parse JSON,
 * normalise, validate with ajv, and answer 400 VALIDATION_ERROR with per-field messages in the
 * request's language when something is wrong.
 */
import type { Context } from "hono";
import { type DetectorOptions, detectFromCookie, detectFromHeader } from "hono/language";
import i18next, { type i18n } from "i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  loadTranslation,
  SUPPORTED_LANGUAGES,
} from "../../locales/index.ts";
import type { FieldError, FormDefinition } from "../../schemas/form-definition.ts";
import { validateFormData } from "../../schemas/validation.ts";
import { translateValidationErrors } from "../../schemas/validation-messages.ts";
import { ApiError } from "./errors.ts";

/** The cookie the site's language switcher sets (app/lib/i18n.ts LANGUAGE_COOKIE). */
const LANGUAGE_COOKIE = "lng";

const detectorOptions: DetectorOptions = {
  order: ["cookie", "header"],
  lookupQueryString: "lng",
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: "accept-language",
  lookupFromPathIndex: 0,
  caches: false,
  ignoreCase: true,
  fallbackLanguage: DEFAULT_LANGUAGE,
  supportedLanguages: [...SUPPORTED_LANGUAGES],
};

/** The language of API messages: the `lng` cookie, then Accept-Language, then Japanese. */
export function requestLanguage(c: Context): Language {
  const detected = detectFromCookie(c, detectorOptions) ?? detectFromHeader(c, detectorOptions);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

const translators = new Map<Language, Promise<i18n>>();

/** One i18next instance per language for the whole process, with Japanese as the fallback. */
export function translatorFor(language: Language): Promise<i18n> {
  let translator = translators.get(language);
  if (!translator) {
    translator = (async () => {
      const instance = i18next.createInstance();
      const languages = [...new Set([language, DEFAULT_LANGUAGE])];
      const resources = Object.fromEntries(
        await Promise.all(
          languages.map(async (lng) => [lng, { translation: await loadTranslation(lng) }] as const),
        ),
      );
      await instance.init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        resources,
        interpolation: { escapeValue: false },
      });
      return instance;
    })();
    // A failed load is not remembered: the next request tries again.
    translator.catch(() => translators.delete(language));
    translators.set(language, translator);
  }
  return translator;
}

/** The JSON body of the request; anything else (including an empty body) is 400 INVALID_JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    const language = requestLanguage(c);
    const { t } = await translatorFor(language);
    throw new ApiError(400, "INVALID_JSON", t("validation.invalidJson"));
  }
}

/**
 * Normalises and validates `data` against the form; returns the normalised value, or throws
 * ApiError 400 VALIDATION_ERROR `{errors: [{field, message}]}` with a summary message.
 */
export async function validateRequestData(
  c: Context,
  form: FormDefinition,
  data: unknown,
): Promise<Record<string, unknown>> {
  const result = validateFormData(form, data);
  if (result.ok) return result.value;
  const language = requestLanguage(c);
  const { t } = await translatorFor(language);
  const errors: FieldError[] = translateValidationErrors(
    result.errors,
    form,
    (key, options) => t(key, options),
    language,
  );
  throw new ApiError(400, "VALIDATION_ERROR", t("validation.summary"), { errors });
}

/**
 * The validated JSON body of the request. `toFormData` picks or reshapes the part of the body the
 * form describes, e.g. `(body) => fromRegistrationPayload(form, body.optionalInfo)`.
 *
 *   const data = await validatedJson(c, buildPasswordChangeForm({strength, withConfirmation: false}, version));
 */
export async function validatedJson(
  c: Context,
  form: FormDefinition,
  toFormData: (body: unknown) => unknown = (body) => body,
): Promise<Record<string, unknown>> {
  return validateRequestData(c, form, toFormData(await readJsonBody(c)));
}
