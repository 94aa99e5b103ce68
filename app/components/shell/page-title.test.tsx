// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { demoStore, makeRootData, renderElement } from "../../../tests/render.tsx";
import { documentTitle, PageTitle } from "./page-title.tsx";

describe("PageTitle", () => {
  it("names the document '<page> | <service>'", async () => {
    await renderElement(<PageTitle name="ログアウト" />);
    expect(document.title).toBe("ログアウト | ソラミル");
  });

  it("is the service name alone without a page name (the home page)", async () => {
    await renderElement(<PageTitle />);
    expect(document.title).toBe("ソラミル");
  });

  it("is the page name alone when the store settings could not be read", async () => {
    await renderElement(<PageTitle name="エラー" />, {
      root: makeRootData({ storeSettingData: { ...demoStore, serviceName: "" } }),
    });
    expect(document.title).toBe("エラー");
  });
});

describe("documentTitle", () => {
  it("joins the page name and the service name, or keeps the page name alone", () => {
    expect(documentTitle("ライセンス", undefined)).toBe("ライセンス");
    expect(documentTitle("ライセンス", "ソラミル")).toBe("ライセンス | ソラミル");
  });
});
