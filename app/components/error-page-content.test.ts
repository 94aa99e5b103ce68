import { describe, expect, it } from "vitest";
import { errorPageContent, isErrorKind } from "./error-page-content.ts";

describe("errorPageContent", () => {
  it.each([401, 403, 404, 500, 502, 503, 504])(
    "gives status %i its own wording and shows the number",
    (status) => {
      expect(errorPageContent(status)).toEqual({
        id: `status${status}`,
        headline: { kind: "status", status },
        titleKey: `errorPage.status${status}.title`,
        textKey: `errorPage.status${status}.text`,
      });
    },
  );

  it("defaults to the 404 page when no status is given", () => {
    expect(errorPageContent(undefined)).toMatchObject({ id: "status404", headline: { status: 404 } });
  });

  it("keeps an uncatalogued status number but uses the generic wording", () => {
    expect(errorPageContent(429)).toMatchObject({
      id: "generic",
      headline: { kind: "status", status: 429 },
      textKey: "errorPage.generic.text",
    });
  });

  it("lets a kind win over the status", () => {
    expect(errorPageContent(403, "regionBlock")).toMatchObject({
      id: "regionBlock",
      headline: { kind: "icon", icon: "globe" },
      titleKey: "errorPage.regionBlock.title",
    });
    expect(errorPageContent(500, "unknown")).toMatchObject({ id: "unknown", headline: { status: 500 } });
  });

  it("shows the profile 403 as a 403 and the generic error without a status as an icon", () => {
    expect(errorPageContent(undefined, "profile403")).toMatchObject({
      id: "profile403",
      headline: { kind: "status", status: 403 },
    });
    expect(errorPageContent(undefined, "generic")).toMatchObject({
      id: "generic",
      headline: { kind: "icon", icon: "alert" },
    });
  });
});

describe("isErrorKind", () => {
  it("accepts only the catalogued kinds", () => {
    expect(["regionBlock", "unknown", "generic", "profile403"].every(isErrorKind)).toBe(true);
    expect(isErrorKind("status404")).toBe(false);
    expect(isErrorKind(undefined)).toBe(false);
  });
});
