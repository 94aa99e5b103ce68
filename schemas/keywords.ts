/**
 * The ajv set-up shared by the API's runtime ajv and the precompiled browser validators
 * (standalone-validators.ts): one option set, ajv-errors, and the custom keywords for rules JSON
 * Schema cannot express (declared for TypeScript in form-definition.ts).
 *
 * The keywords are `code` keywords: they emit a call to a helper of
 * standalone-validators-runtime.ts. The runtime ajv holds the function itself (`ref`); ajv's
 * standalone output names it as `require("storefront:form-keywords").<name>` (`code`), which the
 * browser's `standaloneRequire` answers with the same function. A `validate` keyword could not be
 * written out as code, and two implementations could drift.
 */
import type Ajv from "ajv";
import { _, type Code, type CodeKeywordDefinition, type KeywordCxt, type Name, type Options } from "ajv";
import ajvErrors from "ajv-errors";
import {
  CHARACTER_CLASSES,
  createKeywordHelpers,
  KEYWORD_HELPERS_MODULE,
  type KeywordHelpers,
} from "./standalone-validators-runtime.ts";

export { CHARACTER_CLASSES };

/**
 * Options of every ajv instance: all errors (ajv-errors needs them), `$data` references for
 * "must match the confirmation" rules, verbose errors (rjsf reads parentSchema), and non-strict
 * mode because rjsf adds its own marker keywords.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  $data: true,
  verbose: true,
  strict: false,
} as const satisfies Options;

/** The helper `name` as a scope value: the function for the runtime ajv, `require(…)` for standalone code. */
function helper(cxt: KeywordCxt, helpers: KeywordHelpers, name: keyof KeywordHelpers): Name {
  return cxt.gen.scopeValue("func", {
    ref: helpers[name],
    code: _`require(${KEYWORD_HELPERS_MODULE})[${name}]`,
  });
}

/**
 * A keyword with a boolean schema: `true` checks the string with `check`, `false` emits nothing
 * (always passes). Errors are ajv's default keyword error, as the former `validate` keywords gave.
 */
function booleanKeyword(keyword: string, check: (cxt: KeywordCxt) => Code): CodeKeywordDefinition {
  return {
    keyword,
    type: "string",
    schemaType: "boolean",
    code(cxt) {
      if (cxt.schema !== true) return;
      cxt.fail(_`!${check(cxt)}`);
    },
  };
}

/**
 * A keyword whose schema names a sibling property: `name(schema, data, parentData)` decides.
 * `it.parentData` is the data's parent object, or the validate function's own `parentData`
 * argument (undefined when called on the data itself), exactly what a `validate` keyword got.
 */
function siblingKeyword(
  keyword: string,
  helpers: KeywordHelpers,
  name: "differsFrom" | "securityCodeForCard" | "cardExpiryNotPast",
  type?: "string",
): CodeKeywordDefinition {
  return {
    keyword,
    ...(type ? { type } : {}),
    schemaType: "string",
    code(cxt) {
      const fn = helper(cxt, helpers, name);
      cxt.fail(_`!${fn}(${cxt.schemaValue}, ${cxt.data}, ${cxt.it.parentData})`);
    },
  };
}

function customKeywords(now: () => Date): CodeKeywordDefinition[] {
  const helpers = createKeywordHelpers(now);
  const characterClassKeywords = (Object.keys(CHARACTER_CLASSES) as (keyof typeof CHARACTER_CLASSES)[]).map(
    (keyword) =>
      booleanKeyword(keyword, (cxt) => _`${helper(cxt, helpers, "characterClass")}(${keyword}, ${cxt.data})`),
  );
  const onData = (name: "pastDate" | "luhn" | "cardBrandLength") => (cxt: KeywordCxt) =>
    _`${helper(cxt, helpers, name)}(${cxt.data})`;
  return [
    ...characterClassKeywords,
    siblingKeyword("differsFrom", helpers, "differsFrom"),
    booleanKeyword("pastDate", onData("pastDate")),
    booleanKeyword("luhn", onData("luhn")),
    booleanKeyword("cardBrandLength", onData("cardBrandLength")),
    siblingKeyword("securityCodeForCard", helpers, "securityCodeForCard", "string"),
    siblingKeyword("cardExpiryNotPast", helpers, "cardExpiryNotPast", "string"),
  ];
}

/**
 * Adds ajv-errors and our keywords to an ajv instance, so the API's validator and the generated
 * browser validators understand exactly the same schemas. `now` dates the card expiry rule.
 */
export function extendAjv<A extends Ajv>(ajv: A, now: () => Date = () => new Date()): A {
  for (const definition of customKeywords(now)) ajv.addKeyword(definition);
  ajvErrors(ajv);
  return ajv;
}
