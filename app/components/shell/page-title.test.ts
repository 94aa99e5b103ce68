import { describe, expect, it } from "vitest";
import { documentTitle, rootMetaData, shellPageTitle } from "./page-title.ts";

const rootMatch = (loaderData: unknown) => ({ id: "root", loaderData });
const store = { storeSettingData: { serviceName: "ソラミル" } };

describe("shellPageTitle", () => {
  it("joins the page name and the service name in the root language", () => {
    expect(shellPageTitle([rootMatch({ ...store, language: "ja" })], "logout")).toEqual({
      title: "ログアウト | ソラミル",
    });
    expect(shellPageTitle([rootMatch({ ...store, language: "en" }), undefined], "licenses")).toEqual({
      title: "Licences | ソラミル",
    });
  });

  it("falls back to Japanese and the bare page name when the root data is missing", () => {
    expect(shellPageTitle([], "licenses")).toEqual({ title: "ライセンス" });
    expect(shellPageTitle([rootMatch({ language: "fr" })], "logout")).toEqual({ title: "ログアウト" });
  });
});

describe("rootMetaData", () => {
  it("ignores matches other than the root", () => {
    expect(rootMetaData([{ id: "routes/home", loaderData: { language: "en" } }])).toEqual({
      language: "ja",
      serviceName: undefined,
      serviceDescription: undefined,
    });
  });
});

describe("documentTitle", () => {
  it("omits the separator without a service name", () => {
    expect(documentTitle("ライセンス", undefined)).toBe("ライセンス");
    expect(documentTitle("ライセンス", "ソラミル")).toBe("ライセンス | ソラミル");
  });
});
