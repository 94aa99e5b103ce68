import Ajv from "ajv";
import ajvErrors from "ajv-errors";
import registrationSettingSchema from "../../schemas/account-registration-setting.schema.json" with {
  type: "json",
};
import { isInvoiceRegistrationNumber } from "../../schemas/invoice-registration-number.ts";
import storeSettingsSchema from "../../schemas/store-settings.schema.json" with { type: "json" };
import surveySchema from "../../schemas/survey.schema.json" with { type: "json" };
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import {
  ConfigCheckError,
  type ConfigProblem,
  configProblem,
  fileProblem,
  schemaProblem,
} from "./config-problems.ts";

export type { StoreSettings };

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
ajvErrors(ajv);
ajv.addSchema(registrationSettingSchema);
ajv.addSchema(surveySchema);
const validateSchema = ajv.compile<StoreSettings>(storeSettingsSchema);

/** A store settings document that does not satisfy the schema; `problems` name each bad field. */
export class StoreSettingsError extends ConfigCheckError {
  constructor(source: string, details: readonly ConfigProblem[]) {
    super("store settings", source, details);
    this.name = "StoreSettingsError";
  }
}

/** A survey's questions and options each need their own id; choices need options to choose from. */
function surveyProblems(survey: StoreSettings["withdrawalSurvey"], path: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const questionIds = new Set<string>();
  for (const [index, question] of (survey?.questions ?? []).entries()) {
    const at = `${path}.questions.${index}`;
    if (questionIds.has(question.questionId))
      problems.push(configProblem(`${at}.questionId`, "usedTwice", { value: question.questionId }));
    questionIds.add(question.questionId);
    const options = question.answerOptions ?? [];
    const isChoice = question.questionType !== "TEXT" && question.questionType !== "TEXTAREA";
    if (isChoice && options.length === 0)
      problems.push(
        configProblem(`${at}.answerOptions`, "questionNeedsOptions", { type: question.questionType }),
      );
    const optionIds = new Set<string>();
    for (const [optionIndex, option] of options.entries()) {
      if (optionIds.has(option.optionId)) {
        problems.push(
          configProblem(`${at}.answerOptions.${optionIndex}.optionId`, "usedTwice", {
            value: option.optionId,
          }),
        );
      }
      optionIds.add(option.optionId);
    }
    if (question.minCount != null && question.maxCount != null && question.minCount > question.maxCount) {
      problems.push(configProblem(`${at}.minCount`, "minMoreThanMax"));
    }
  }
  return problems;
}

/** The login provider's scopes: one of each, openid among them and required, releasing only sub. */
function scopeProblems(scopes: StoreSettings["storeScopeSettings"]): ConfigProblem[] {
  if (!scopes) return [];
  const problems: ConfigProblem[] = [];
  const keys = new Set<string>();
  for (const [index, scope] of scopes.entries()) {
    if (keys.has(scope.scopeKey)) {
      problems.push(
        configProblem(`storeScopeSettings.${index}.scopeKey`, "usedTwice", { value: scope.scopeKey }),
      );
    }
    keys.add(scope.scopeKey);
    if ((scope.scopeKey === "openid" || scope.scopeKey === "offline_access") && scope.claims.length > 0) {
      problems.push(
        configProblem(`storeScopeSettings.${index}.claims`, "scopeReleasesNoClaims", {
          scope: scope.scopeKey,
        }),
      );
    }
    if (scope.scopeKey === "openid" && !scope.required) {
      problems.push(configProblem(`storeScopeSettings.${index}.required`, "openidAlwaysRequired"));
    }
  }
  if (!keys.has("openid")) problems.push(configProblem("storeScopeSettings", "mustListOpenid"));
  return problems;
}

/** Checks rules that JSON Schema cannot express. */
function semanticProblems(settings: StoreSettings): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  try {
    const groups = new RegExp(`${settings.appUserAgentPattern}|`).exec("")?.length ?? 1;
    if (groups - 1 < 2) {
      problems.push(configProblem("appUserAgentPattern", "userAgentGroups"));
    }
  } catch (error) {
    problems.push(
      configProblem("appUserAgentPattern", "invalidRegularExpression", { reason: (error as Error).message }),
    );
  }
  const ids = new Set<string>();
  for (const [index, item] of (settings.accountRegistrationSetting.customAssociatedInfo ?? []).entries()) {
    if (ids.has(item.id)) {
      problems.push(
        configProblem(`accountRegistrationSetting.customAssociatedInfo.${index}.id`, "usedTwice", {
          value: item.id,
        }),
      );
    }
    ids.add(item.id);
    if (item.type === "SELECT" && !item.selectOptions?.length) {
      problems.push(
        configProblem(
          `accountRegistrationSetting.customAssociatedInfo.${index}.selectOptions`,
          "selectNeedsOptions",
        ),
      );
    }
  }
  problems.push(...surveyProblems(settings.withdrawalSurvey, "withdrawalSurvey"));
  // A provider is one button and one secret: listed once.
  const providerTypes = new Set<string>();
  for (const [index, provider] of (settings.socialLogin?.providers ?? []).entries()) {
    if (providerTypes.has(provider.type)) {
      problems.push(
        configProblem(`socialLogin.providers.${index}.type`, "listedTwice", { value: provider.type }),
      );
    }
    providerTypes.add(provider.type);
  }
  // A switch is named by its id in POST /zapi/account/consent: one id, one option.
  const optionIds = new Set<string>();
  for (const type of ["newsletter", "privacy"] as const) {
    for (const [index, option] of (settings.consentOptions?.[type] ?? []).entries()) {
      if (optionIds.has(option.consentOptionId)) {
        problems.push(
          configProblem(`consentOptions.${type}.${index}.consentOptionId`, "usedTwice", {
            value: option.consentOptionId,
          }),
        );
      }
      optionIds.add(option.consentOptionId);
    }
  }
  if (settings.login.recaptcha?.enabled && !settings.login.recaptcha.siteKey) {
    problems.push(configProblem("login.recaptcha.siteKey", "recaptchaSiteKey"));
  }
  problems.push(...scopeProblems(settings.storeScopeSettings));
  const registrationNumber = settings.invoiceIssuer?.registrationNumber;
  if (registrationNumber && !isInvoiceRegistrationNumber(registrationNumber)) {
    problems.push(
      configProblem("invoiceIssuer.registrationNumber", "invoiceCheckDigit", { value: registrationNumber }),
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
      .map((e) => schemaProblem(e, "setting"));
    throw new StoreSettingsError(source, problems);
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
    throw new StoreSettingsError(source, [
      fileProblem(`(file): is not valid JSON (${(error as Error).message})`),
    ]);
  }
  return parseStoreSettings(value, source);
}
