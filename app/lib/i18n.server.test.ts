import { describe, expect, it } from "vitest";
import { sharedI18n, translatorFor } from "../../locales/language.ts";
import { serverI18nForRender } from "./i18n.server.ts";

describe("the render view of the shared instance", () => {
  it("translates in its language without own properties, one view per language", async () => {
    const view = await serverI18nForRender("en");
    expect(await serverI18nForRender("en")).toBe(view);
    expect(Object.getPrototypeOf(view)).toBe(await sharedI18n("en"));
    expect(Object.getOwnPropertyNames(view)).toEqual([]);
    expect(view.language).toBe("en");
    expect(view.t("form.required")).toBe((await translatorFor("en"))("form.required"));
    expect(view.t("form.required")).not.toBe((await translatorFor("ja"))("form.required"));
    expect(view.exists("form.required")).toBe(true);
  });
});
