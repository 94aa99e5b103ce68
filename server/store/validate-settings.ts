import Ajv, { type ErrorObject } from "ajv";
import ajvErrors from "ajv-errors";
import registrationSettingSchema from "../../schemas/account-registration-setting.schema.json" with {
  type: "json",
};
import { isInvoiceRegistrationNumber } from "../../schemas/invoice-registration-number.ts";
import storeSettingsSchema from "../../schemas/store-settings.schema.json" with { type: "json" };
import surveySchema from "../../schemas/survey.schema.json" with { type: "json" };
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";

export type { StoreSettings };

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
ajvErrors(ajv);
ajv.addSchema(registrationSettingSchema);
ajv.addSchema(surveySchema);
const validateSchema = ajv.compile<StoreSettings>(storeSettingsSchema);

/** A store settings document that does not satisfy the schema; `problems` name each bad field. */
export class StoreSettingsError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Invalid store settings in ${source}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "StoreSettingsError";
  }
}

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  if (error.keyword === "additionalProperties") {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return path ? `${path}.${extra}` : extra;
  }
  return path || "(root)";
}

function describeProblem(error: ErrorObject): string {
  if (error.keyword === "required") return "is required";
  if (error.keyword === "additionalProperties") return "is not a known setting";
  if (error.keyword === "enum") {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return error.message ?? "is invalid";
}

/** A survey's questions and options each need their own id; choices need options to choose from. */
function surveyProblems(survey: StoreSettings["withdrawalSurvey"], path: string): string[] {
  const problems: string[] = [];
  const questionIds = new Set<string>();
  for (const [index, question] of (survey?.questions ?? []).entries()) {
    const at = `${path}.questions.${index}`;
    if (questionIds.has(question.questionId))
      problems.push(`${at}.questionId: "${question.questionId}" is used twice`);
    questionIds.add(question.questionId);
    const options = question.answerOptions ?? [];
    const isChoice = question.questionType !== "TEXT" && question.questionType !== "TEXTAREA";
    if (isChoice && options.length === 0)
      problems.push(`${at}.answerOptions: a ${question.questionType} question needs options`);
    const optionIds = new Set<string>();
    for (const [optionIndex, option] of options.entries()) {
      if (optionIds.has(option.optionId)) {
        problems.push(`${at}.answerOptions.${optionIndex}.optionId: "${option.optionId}" is used twice`);
      }
      optionIds.add(option.optionId);
    }
    if (question.minCount != null && question.maxCount != null && question.minCount > question.maxCount) {
      problems.push(`${at}.minCount: is more than maxCount`);
    }
  }
  return problems;
}

/** The login provider's scopes: one of each, openid among them and required, releasing only sub. */
function scopeProblems(scopes: StoreSettings["storeScopeSettings"]): string[] {
  if (!scopes) return [];
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const [index, scope] of scopes.entries()) {
    if (keys.has(scope.scopeKey)) {
      problems.push(`storeScopeSettings.${index}.scopeKey: "${scope.scopeKey}" is used twice`);
    }
    keys.add(scope.scopeKey);
    if ((scope.scopeKey === "openid" || scope.scopeKey === "offline_access") && scope.claims.length > 0) {
      problems.push(
        `storeScopeSettings.${index}.claims: ${scope.scopeKey} releases no claims (sub is always released)`,
      );
    }
    if (scope.scopeKey === "openid" && !scope.required) {
      problems.push(`storeScopeSettings.${index}.required: openid is always required`);
    }
  }
  if (!keys.has("openid")) problems.push("storeScopeSettings: must list openid");
  return problems;
}

/** Checks rules that JSON Schema cannot express. */
function semanticProblems(settings: StoreSettings): string[] {
  const problems: string[] = [];
  try {
    const groups = new RegExp(`${settings.appUserAgentPattern}|`).exec("")?.length ?? 1;
    if (groups - 1 < 2) {
      problems.push("appUserAgentPattern: must have two capture groups for the numeric version parts");
    }
  } catch (error) {
    problems.push(`appUserAgentPattern: is not a valid regular expression (${(error as Error).message})`);
  }
  const ids = new Set<string>();
  for (const [index, item] of (settings.accountRegistrationSetting.customAssociatedInfo ?? []).entries()) {
    if (ids.has(item.id)) {
      problems.push(
        `accountRegistrationSetting.customAssociatedInfo.${index}.id: "${item.id}" is used twice`,
      );
    }
    ids.add(item.id);
    if (item.type === "SELECT" && !item.selectOptions?.length) {
      problems.push(
        `accountRegistrationSetting.customAssociatedInfo.${index}.selectOptions: a SELECT item needs options`,
      );
    }
  }
  problems.push(...surveyProblems(settings.withdrawalSurvey, "withdrawalSurvey"));
  // A provider is one button and one secret: listed once.
  const providerTypes = new Set<string>();
  for (const [index, provider] of (settings.socialLogin?.providers ?? []).entries()) {
    if (providerTypes.has(provider.type)) {
      problems.push(`socialLogin.providers.${index}.type: "${provider.type}" is listed twice`);
    }
    providerTypes.add(provider.type);
  }
  // A switch is named by its id in POST /zapi/account/consent: one id, one option.
  const optionIds = new Set<string>();
  for (const type of ["newsletter", "privacy"] as const) {
    for (const [index, option] of (settings.consentOptions?.[type] ?? []).entries()) {
      if (optionIds.has(option.consentOptionId)) {
        problems.push(
          `consentOptions.${type}.${index}.consentOptionId: "${option.consentOptionId}" is used twice`,
        );
      }
      optionIds.add(option.consentOptionId);
    }
  }
  if (settings.login.recaptcha?.enabled && !settings.login.recaptcha.siteKey) {
    problems.push("login.recaptcha.siteKey: is required when reCAPTCHA is enabled");
  }
  problems.push(...scopeProblems(settings.storeScopeSettings));
  const registrationNumber = settings.invoiceIssuer?.registrationNumber;
  if (registrationNumber && !isInvoiceRegistrationNumber(registrationNumber)) {
    problems.push(
      `invoiceIssuer.registrationNumber: "${registrationNumber}" fails its check digit (T and a 法人番号 whose first digit checks the other twelve)`,
    );
  }
  return problems;
}

/** Validates parsed JSON as store settings, throwing a StoreSettingsError that names every bad field. */
export function parseStoreSettings(value: unknown, source: string): StoreSettings {
  if (!validateSchema(value)) {
    // An "if" error only says which branch failed; the branch's own error names the field.
    const problems = (validateSchema.errors ?? [])
      .filter((e) => e.keyword !== "if")
      .map((e) => `${fieldName(e)}: ${describeProblem(e)}`);
    throw new StoreSettingsError(source, [...new Set(problems)]);
  }
  const problems = semanticProblems(value);
  if (problems.length > 0) throw new StoreSettingsError(source, problems);
  return value;
}

/** Parses store settings from file text, treating malformed JSON like any other invalid settings. */
export function parseStoreSettingsText(text: string, source: string): StoreSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoreSettingsError(source, [`(file): is not valid JSON (${(error as Error).message})`]);
  }
  return parseStoreSettings(value, source);
}
