/**
 * A problem of an operator's configuration: where it is (a dotted path into the document, list
 * items by position) and what it is (a message of `api.configProblems` with its values). The file
 * loaders log it in English; the console shows it in the staff member's language, on its field.
 */
import type { ErrorObject } from "ajv";
import english from "../../locales/en/api.json" with { type: "json" };

export type ConfigProblemKey = keyof typeof english.api.configProblems;

export interface ConfigProblem {
  /** "plans.0.salesEndDate"; empty for the document (or the file) as a whole. */
  path: string;
  key: ConfigProblemKey;
  values?: Record<string, string | number>;
}

export function configProblem(
  path: string,
  key: ConfigProblemKey,
  values?: Record<string, string | number>,
): ConfigProblem {
  return values === undefined ? { path, key } : { path, key, values };
}

/** A problem only a file has (it is not JSON, a text is missing): said as it is written. */
export function fileProblem(text: string): ConfigProblem {
  return { path: "", key: "asWritten", values: { message: text } };
}

/** `{{name}}` of a message filled with its values. */
export function filledMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The problem in English, as the logs and the file's errors say it: "path: message". */
export function problemText(problem: ConfigProblem): string {
  const message = filledMessage(english.api.configProblems[problem.key], problem.values);
  return problem.path ? `${problem.path}: ${message}` : message;
}

/**
 * A schema error as a problem: the field it names (a missing or unknown one included) and what is
 * wrong. `unknown` is what an unknown member is called ("setting" in the store settings).
 */
export function schemaProblem(error: ErrorObject, unknown: "setting" | "field" = "field"): ConfigProblem {
  const path = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const within = (name: string) => (path ? `${path}.${name}` : name);
  const params = error.params as {
    missingProperty?: string;
    additionalProperty?: string;
    allowedValues?: unknown[];
  };
  if (error.keyword === "required") return configProblem(within(params.missingProperty ?? ""), "required");
  if (error.keyword === "additionalProperties") {
    return configProblem(
      within(params.additionalProperty ?? ""),
      unknown === "setting" ? "unknownSetting" : "unknownField",
    );
  }
  if (error.keyword === "enum") {
    const allowed = (params.allowedValues ?? []).map((value) => JSON.stringify(value)).join(", ");
    return configProblem(path || "(root)", "oneOf", { allowed });
  }
  return configProblem(path || "(root)", "asWritten", { message: error.message ?? "is invalid" });
}

/**
 * A configuration that does not pass its check: each problem in English ("path: message") for the
 * logs, and as it was found for the console. `what` names the configuration in the message.
 */
export class ConfigCheckError extends Error {
  /** Each problem in English ("path: message"), once each. */
  readonly problems: string[];
  constructor(
    what: string,
    readonly source: string,
    readonly details: readonly ConfigProblem[],
  ) {
    const problems = [...new Set(details.map(problemText))];
    super(`Invalid ${what} in ${source}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.problems = problems;
  }
}
