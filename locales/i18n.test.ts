import { describe, expect, it } from "vitest";
import { addTexts, createI18n, hasText, type I18n } from "./i18n.ts";

function createTranslator(language: "ja" | "en", texts: Parameters<typeof createI18n>[1]) {
  const instance: I18n = createI18n(language, texts);
  return {
    instance,
    language: instance.language,
    t: instance.t,
    exists: (key: string) => hasText(instance, key),
  };
}

const resources = {
  ja: {
    greeting: { hello: "こんにちは、{{name}}さん", spaced: "{{ name }}さん" },
    onlyJa: "日本語だけ",
    minutes_other: "あと{{count}}分",
    nested: "{{data.sendTo}}に送信しました",
    empty: "",
  },
  en: {
    greeting: { hello: "Hello, {{name}}" },
    minutes_one: "1 minute left",
    minutes_other: "{{count}} minutes left",
    plain: "No plural forms: {{count}}",
    section: { title: "A section" },
  },
};

describe("createI18n (i18next as our texts need it)", () => {
  it("translates a dotted key into its language and fills in the placeholders", () => {
    const { t, language } = createTranslator("en", resources);
    expect(language).toBe("en");
    expect(t("greeting.hello", { name: "Sora" })).toBe("Hello, Sora");
    expect(createTranslator("ja", resources).t("greeting.spaced", { name: "ソラ" })).toBe("ソラさん");
  });

  it("falls back to Japanese for a key the language lacks, and to the key itself for an unknown key", () => {
    const { t } = createTranslator("en", resources);
    expect(t("onlyJa")).toBe("日本語だけ");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("section")).toBe("section");
    expect(t("greeting.hello.deeper")).toBe("greeting.hello.deeper");
  });

  it("does not fall back to another language when it is Japanese", () => {
    expect(createTranslator("ja", { en: resources.en }).t("plain")).toBe("plain");
  });

  it("picks the plural form of the count by the language's rules", () => {
    const english = createTranslator("en", resources);
    expect(english.t("minutes", { count: 1 })).toBe("1 minute left");
    expect(english.t("minutes", { count: 0 })).toBe("0 minutes left");
    expect(english.t("minutes", { count: 5 })).toBe("5 minutes left");
    expect(createTranslator("ja", resources).t("minutes", { count: 1 })).toBe("あと1分");
    expect(english.t("plain", { count: 2 })).toBe("No plural forms: 2");
  });

  it("reads nested values, keeps a placeholder it has no value for, and empties null and undefined", () => {
    const { t } = createTranslator("ja", resources);
    expect(t("nested", { data: { sendTo: "a@example.jp" } })).toBe("a@example.jpに送信しました");
    expect(t("greeting.hello", { other: 1 })).toBe("こんにちは、{{name}}さん");
    expect(t("greeting.hello")).toBe("こんにちは、{{name}}さん");
    expect(t("greeting.hello", { name: undefined })).toBe("こんにちは、さん");
    expect(t("greeting.hello", { name: null })).toBe("こんにちは、さん");
    expect(t("greeting.hello", { name: 0 })).toBe("こんにちは、0さん");
    expect(t("empty")).toBe("");
  });

  it("treats a colon and $t( in keys and texts as text, not as a namespace or nesting", () => {
    const { t } = createTranslator("ja", { ja: { colon: "時刻: {{time}}", nest: "$t(colon) のまま" } });
    expect(t("colon", { time: "10:00" })).toBe("時刻: 10:00");
    expect(t("nest")).toBe("$t(colon) のまま");
    expect(t("api:unknown")).toBe("api:unknown");
  });

  it("leaves escaping to React instead of escaping twice", () => {
    const { t } = createTranslator("ja", resources);
    expect(t("greeting.hello", { name: "A&B <C>" })).toBe("こんにちは、A&B <C>さん");
  });

  it("does not read through the prototype", () => {
    const { t, exists } = createTranslator("ja", resources);
    expect(t("greeting.constructor")).toBe("greeting.constructor");
    expect(exists("toString")).toBe(false);
    expect(t("greeting.hello", { toString: "x" } as never)).toBe("こんにちは、{{name}}さん");
  });

  it("says whether a text exists, in the language or the fallback", () => {
    const { exists } = createTranslator("en", resources);
    expect(exists("greeting.hello")).toBe(true);
    expect(exists("onlyJa")).toBe(true);
    expect(exists("section")).toBe(false);
    expect(exists("Enter your name: here")).toBe(false);
  });

  it("adds texts loaded later, merging nested objects, without touching the resources given", () => {
    const translator = createTranslator("en", resources);
    addTexts(translator.instance, { section: { intro: "Intro" }, greeting: { bye: "Bye" } });
    expect(translator.t("section.title")).toBe("A section");
    expect(translator.t("section.intro")).toBe("Intro");
    expect(translator.t("greeting.bye")).toBe("Bye");
    expect(translator.t("greeting.hello", { name: "Sora" })).toBe("Hello, Sora");
    expect(resources.en.section).toEqual({ title: "A section" });
  });
});
