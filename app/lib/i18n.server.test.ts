import { describe, expect, it } from "vitest";
import { serverI18n, serverI18nForRender, serverTranslator } from "./i18n.server.ts";

describe("server i18next instances", () => {
  it("makes one instance per language and hands the same one to every request", async () => {
    expect(await serverI18n("en")).toBe(await serverI18n("en"));
    expect(await serverI18n("ja")).not.toBe(await serverI18n("en"));
    expect((await serverI18n("en")).language).toBe("en");
  });

  it("translates in its language, through the render view too", async () => {
    const view = await serverI18nForRender("en");
    expect(Object.getOwnPropertyNames(view)).toEqual([]);
    expect(view.language).toBe("en");
    expect(view.t("form.required")).toBe((await serverTranslator("en"))("form.required"));
    expect(view.t("form.required")).not.toBe((await serverTranslator("ja"))("form.required"));
    expect(view.exists("form.required")).toBe(true);
  });
});
