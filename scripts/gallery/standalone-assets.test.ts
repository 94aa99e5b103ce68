import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { inlineImports, inlineStoreImages, siteStylesheet } from "./standalone-assets.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gallery-assets-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("inlineImports", () => {
  it("replaces relative @imports by their files, nested ones included", () => {
    mkdirSync(join(dir, "parts"));
    writeFileSync(join(dir, "main.css"), '@import "./parts/a.css";\nbody { margin: 0; }\n');
    writeFileSync(join(dir, "parts/a.css"), "@import url('./b.css');\n.a { color: red; }\n");
    writeFileSync(join(dir, "parts/b.css"), ".b { color: blue; }\n");
    expect(inlineImports(join(dir, "main.css"))).toBe(
      ".b { color: blue; }\n\n.a { color: red; }\n\nbody { margin: 0; }\n",
    );
  });

  it("refuses a stylesheet that imports itself", () => {
    writeFileSync(join(dir, "loop.css"), '@import "./loop.css";');
    expect(() => inlineImports(join(dir, "loop.css"))).toThrow("imports itself");
  });
});

describe("siteStylesheet", () => {
  it("holds the site's and the form theme's rules, without @imports", () => {
    const css = siteStylesheet();
    expect(css).not.toMatch(/@import/);
    expect(css).toContain(".site-header");
    expect(css).toContain(".sf-form");
    // The pages' own sheets too (the consent and account selection, the invoice).
    expect(css).toContain(".oidc-consent__scope");
    expect(css).toContain(".oidc-select-account__account");
    expect(css).toContain(".invoice");
  });
});

describe("inlineStoreImages", () => {
  const images = {
    logoPc: "/store-assets/logo.svg",
    logoSp: "/store-assets/missing.svg",
    favicon: "https://cdn.example.jp/favicon.svg",
    appleTouchIcon: "/store-assets/icon.png",
  };
  const settings = { images } as StoreSettings;

  it("turns /store-assets/ images into data URIs from the first folder that has them", () => {
    const own = join(dir, "own");
    const demo = join(dir, "demo");
    mkdirSync(own);
    mkdirSync(demo);
    writeFileSync(join(own, "logo.svg"), "<svg/>");
    writeFileSync(join(demo, "logo.svg"), "<svg>demo</svg>");
    writeFileSync(join(demo, "icon.png"), Buffer.from([137, 80, 78, 71]));
    expect(inlineStoreImages(settings, [own, demo]).images).toEqual({
      logoPc: `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`,
      logoSp: "/store-assets/missing.svg",
      favicon: "https://cdn.example.jp/favicon.svg",
      appleTouchIcon: "data:image/png;base64,iVBORw==",
    });
  });
});
