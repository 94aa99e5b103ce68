import { describe, expect, it } from "vitest";
import enApi from "./en/api.json" with { type: "json" };
import { files as enFiles } from "./en/index.ts";
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from "./index.ts";
import jaApi from "./ja/api.json" with { type: "json" };
import { files as jaFiles } from "./ja/index.ts";

/**
 * Checks every resource file of every language against Japanese, the source of truth. The files
 * come from each language's `files` export, so a new file is covered as soon as it is imported.
 */

type Resource = Record<string, unknown>;

const filesByLanguage: Record<Language, Record<string, Resource>> = {
  ja: { ...jaFiles, api: jaApi },
  en: { ...enFiles, api: enApi },
};

/** The plural suffixes (i18next, locales/i18n.ts) (CLDR categories): `days_one`, `days_other`, … */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `{{name}}` and `{{value, number}}` both name the placeholder `name` / `value`. */
const PLACEHOLDER = /\{\{\s*([^\s},]+)[^}]*\}\}/g;

/** Nested keys as dotted paths, each with its leaf value. */
function flatten(resource: Resource, prefix = ""): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(resource)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "object" && value !== null) {
      for (const [nestedPath, leaf] of flatten(value as Resource, path)) flat.set(nestedPath, leaf);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

function placeholders(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? ""));
}

interface Message {
  /** The text of each form: one plain form (""), or one per plural category. */
  forms: Map<string, string>;
  isPlural: boolean;
}

/** Groups plural forms under their base key, reporting values that are not usable text. */
function messagesOf(language: string, resource: Resource, problems: string[]): Map<string, Message> {
  const messages = new Map<string, Message>();
  for (const [path, value] of flatten(resource)) {
    if (typeof value !== "string") problems.push(`${language}: "${path}" is not text`);
    else if (value.trim() === "") problems.push(`${language}: "${path}" is empty`);
    const text = typeof value === "string" ? value : "";
    const category = PLURAL_SUFFIX.exec(path)?.[1];
    const base = category ? path.slice(0, -category.length - 1) : path;
    const message = messages.get(base) ?? { forms: new Map(), isPlural: Boolean(category) };
    if (message.isPlural !== Boolean(category)) {
      problems.push(`${language}: "${base}" is both a plain and a plural key`);
    }
    message.forms.set(category ?? "", text);
    messages.set(base, message);
  }
  return messages;
}

/** The placeholders a message uses; `count` is optional in plural forms ("Every day"). */
function messagePlaceholders({ forms, isPlural }: Message): string[] {
  const names = new Set([...forms.values()].flatMap((text) => [...placeholders(text)]));
  if (isPlural) names.delete("count");
  return [...names].sort();
}

/** Every way `target` differs from `source`: missing or extra keys, plurals, placeholders. */
function compareResources(
  source: { language: string; resource: Resource },
  target: { language: string; resource: Resource },
): string[] {
  const problems: string[] = [];
  const sourceMessages = messagesOf(source.language, source.resource, problems);
  const targetMessages = messagesOf(target.language, target.resource, problems);

  for (const [key, sourceMessage] of sourceMessages) {
    const targetMessage = targetMessages.get(key);
    if (!targetMessage) {
      problems.push(`${target.language}: "${key}" is missing (present in ${source.language})`);
      continue;
    }
    if (sourceMessage.isPlural !== targetMessage.isPlural) {
      problems.push(`"${key}" is plural in only one of ${source.language} and ${target.language}`);
    }
    const expected = messagePlaceholders(sourceMessage).join(", ");
    const actual = messagePlaceholders(targetMessage).join(", ");
    if (expected !== actual) {
      problems.push(
        `${target.language}: "${key}" uses placeholders [${actual}], ${source.language} uses [${expected}]`,
      );
    }
  }
  for (const key of targetMessages.keys()) {
    if (!sourceMessages.has(key)) {
      problems.push(`${source.language}: "${key}" is missing (present in ${target.language})`);
    }
  }
  for (const [language, messages] of [
    [source.language, sourceMessages],
    [target.language, targetMessages],
  ] as const) {
    problems.push(...missingPluralForms(language, messages));
  }
  return problems;
}

/** Each plural message needs every form its language's plural rules can ask for. */
function missingPluralForms(language: string, messages: Map<string, Message>): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const problems: string[] = [];
  for (const [key, message] of messages) {
    if (!message.isPlural) continue;
    for (const category of categories) {
      if (!message.forms.has(category)) problems.push(`${language}: "${key}_${category}" is missing`);
    }
  }
  return problems;
}

/** Files of one language are merged into one namespace, so a shared top-level key would collide. */
function sharedTopLevelKeys(language: string, files: Record<string, Resource>): string[] {
  const owners = new Map<string, string>();
  const problems: string[] = [];
  for (const [file, resource] of Object.entries(files)) {
    for (const key of Object.keys(resource)) {
      const owner = owners.get(key);
      if (owner)
        problems.push(`${language}: top-level key "${key}" is in both ${owner}.json and ${file}.json`);
      else owners.set(key, file);
    }
  }
  return problems;
}

describe("the checks themselves", () => {
  const ja = (resource: Resource) => ({ language: "ja", resource });
  const en = (resource: Resource) => ({ language: "en", resource });

  it("accept matching resources, with plural forms per language", () => {
    expect(
      compareResources(
        ja({ a: { b: "{{n}}件" }, days_other: "{{count}}日ごと" }),
        en({ a: { b: "{{n}} items" }, days_one: "Every day", days_other: "Every {{count}} days" }),
      ),
    ).toEqual([]);
  });

  it("report a key present in only one language", () => {
    expect(compareResources(ja({ a: { b: "x", c: "y" } }), en({ a: { b: "x" }, d: "z" }))).toEqual([
      'en: "a.c" is missing (present in ja)',
      'ja: "d" is missing (present in en)',
    ]);
  });

  it("report different placeholders", () => {
    expect(compareResources(ja({ a: "{{name}}さん" }), en({ a: "Hello {{nmae}}" }))).toEqual([
      'en: "a" uses placeholders [nmae], ja uses [name]',
    ]);
    expect(compareResources(ja({ a: "{{count}}件" }), en({ a: "items" }))).toEqual([
      'en: "a" uses placeholders [], ja uses [count]',
    ]);
  });

  it("report empty and non-text values", () => {
    expect(compareResources(ja({ a: "", b: 1 }), en({ a: "x", b: "y" }))).toEqual([
      'ja: "a" is empty',
      'ja: "b" is not text',
    ]);
    expect(compareResources(ja({ a: "x" }), en({ a: "  " }))).toEqual(['en: "a" is empty']);
  });

  it("report plural forms a language needs but lacks", () => {
    expect(compareResources(ja({ days_other: "{{count}}日" }), en({ days_other: "{{count}} days" }))).toEqual(
      ['en: "days_one" is missing'],
    );
    expect(compareResources(ja({ days_other: "{{count}}日" }), en({ days: "days" }))).toEqual([
      '"days" is plural in only one of ja and en',
    ]);
  });

  it("report a top-level key owned by two files", () => {
    expect(sharedTopLevelKeys("ja", { common: { a: {}, b: {} }, format: { b: {} } })).toEqual([
      'ja: top-level key "b" is in both common.json and format.json',
    ]);
    expect(sharedTopLevelKeys("ja", { common: { a: {} }, format: { b: {} } })).toEqual([]);
  });
});

describe("the project's locales", () => {
  const sourceFiles = filesByLanguage[DEFAULT_LANGUAGE];
  const otherLanguages = SUPPORTED_LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

  it.each(SUPPORTED_LANGUAGES)("%s: no two resource files share a top-level key", (language) => {
    expect(sharedTopLevelKeys(language, filesByLanguage[language])).toEqual([]);
  });

  it.each(otherLanguages)("%s has the same resource files as Japanese", (language) => {
    expect(Object.keys(filesByLanguage[language]).sort()).toEqual(Object.keys(sourceFiles).sort());
  });

  const pairs = otherLanguages.flatMap((language) =>
    Object.keys(sourceFiles).map((file) => [language, file] as const),
  );
  it.each(pairs)("%s: %s.json matches Japanese", (language, file) => {
    expect(
      compareResources(
        { language: DEFAULT_LANGUAGE, resource: sourceFiles[file] ?? {} },
        { language, resource: filesByLanguage[language][file] ?? {} },
      ),
    ).toEqual([]);
  });
});

describe("the waits a throttle tells (issue 41 §15)", () => {
  const waits = [...flatten(jaApi as Resource)].filter(([key]) => key.startsWith("api.tooManyAttempts."));

  it("ask the member to wait and say when to try again, in Japanese without 「あと…後に」", () => {
    expect(waits.length).toBeGreaterThanOrEqual(8);
    for (const [key, text] of waits) {
      expect(text, key).toMatch(/しばらくお待ちください。\{\{count\}\}(秒|分)後にもう一度お試しください。$/);
      expect(text, key).not.toMatch(/あと.*後に|上限に達しました/);
    }
  });
});

describe("messages end as sentences (issue 41 §13)", () => {
  const messages = (resource: Resource) =>
    [...flatten(resource)].filter(
      (entry): entry is [string, string] =>
        (entry[0].startsWith("validation.") || entry[0].startsWith("api.")) &&
        !NOT_SENTENCES.has(entry[0]) &&
        typeof entry[1] === "string",
    );
  /**
   * Names put into messages, not messages; a configuration problem's place and message joined, and
   * a problem said as the file check wrote it.
   */
  const NOT_SENTENCES = new Set(["api.smsCodeName", "api.console.problemAt", "api.configProblems.asWritten"]);
  /**
   * English configuration problems follow a field's path in the file checks' messages
   * ("plans.0.salesEndDate: must be after salesStartDate"), as the logs have always said them.
   */
  const isPathFragment = (key: string) => key.startsWith("api.configProblems.");
  /**
   * The spec gives these Japanese messages exactly, without 「。」 (spec §5 Field rules); every
   * other one ends with it.
   */
  const SPEC_WORDING = new Set([
    "validation.password.mismatch",
    "validation.userId.passwordMinLength",
    "validation.registration.kana",
    "validation.registration.birthday",
    "validation.registration.phoneNumber",
    "validation.registration.postalCode",
    "validation.campaignCode.required",
    "validation.invoice.addresseeRequired",
    "validation.invoice.addresseeMaxLength",
    "validation.withdrawal.consentRequired",
    // Spec §8 Purchase and plans.
    "api.purchase.contractLimit",
    "api.purchase.noPaymentMethod",
  ]);

  it("every Japanese message ends with 「。」 but those the spec words otherwise", () => {
    const ja = messages({ ...jaFiles.validation, ...jaApi } as Resource);
    expect(ja.length).toBeGreaterThan(50);
    for (const [key, text] of ja) {
      if (SPEC_WORDING.has(key)) expect(text, key).not.toMatch(/。$/);
      else expect(text, key).toMatch(/。$/);
    }
  });

  it("every English message ends with a period (or a question mark)", () => {
    const en = messages({ ...enFiles.validation, ...enApi } as Resource);
    for (const [key, text] of en) if (!isPathFragment(key)) expect(text, key).toMatch(/[.?]$/);
  });
});
