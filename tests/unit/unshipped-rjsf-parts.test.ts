/**
 * The browser's bundle leaves out the parts of rjsf's registry no form of ours uses (vite.config.ts,
 * UNUSED_RJSF_PARTS): checked here against every form of every routed screen under every store
 * configuration of the matrix, so that a builder starting to use one fails here, not in a browser.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { JSONSchema7, JSONSchema7Definition } from "json-schema";
import { describe, expect, it } from "vitest";
import { buildFormsOfScreen } from "../../app/lib/screen-form-build.server.ts";
import { loadScreenFixtures, screenDataFor, storeMatrix } from "../../scripts/gallery/fixtures.ts";
import { ROUTED_SCREENS } from "../../scripts/routed-screens.ts";
import { UNUSED_RJSF_PARTS } from "../../vite.config.ts";

/** The names by which a uiSchema or a `format` reaches each left-out widget (rjsf's getWidget map). */
const NAMES_OF: Record<string, string[]> = {
  AltDateWidget: ["alt-date"],
  AltDateTimeWidget: ["alt-datetime"],
  ColorWidget: ["color"],
  FileWidget: ["file", "files", "data-url"],
  RangeWidget: ["range"],
  RatingWidget: ["rating"],
};

const leftOut = new Set([...UNUSED_RJSF_PARTS, ...UNUSED_RJSF_PARTS.flatMap((part) => NAMES_OF[part] ?? [])]);

/** Every ui:widget, ui:field and format a form names, however deep. */
function namesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) namesIn(item, found);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === "ui:widget" || key === "ui:field" || key === "format") && typeof inner === "string") {
        found.push(inner);
      } else if (key === "ui:options" && typeof inner === "object" && inner !== null) {
        const widget = (inner as { widget?: unknown }).widget;
        if (typeof widget === "string") found.push(widget);
        namesIn(inner, found);
      } else {
        namesIn(inner, found);
      }
    }
  }
  return found;
}

describe("the rjsf parts left out of the browser's bundle", () => {
  it("are all still rjsf's (a renamed part would silently ship again)", () => {
    for (const part of UNUSED_RJSF_PARTS) {
      const folder = part.endsWith("Field") ? "fields" : "widgets";
      const file = fileURLToPath(
        new URL(`../../node_modules/@rjsf/core/lib/components/${folder}/${part}.js`, import.meta.url),
      );
      expect(existsSync(file), part).toBe(true);
    }
  });

  it("are reached by no form of any routed screen under any store configuration", () => {
    const fixtures = loadScreenFixtures();
    let forms = 0;
    for (const { name, settings } of storeMatrix()) {
      for (const screen of ROUTED_SCREENS.filter((candidate) => candidate.forms.length > 0)) {
        const screenData = screenDataFor(screen, settings, fixtures);
        for (const form of buildFormsOfScreen(screen, { settings, settingsVersion: name, screenData })) {
          forms++;
          const reached = namesIn([form.schema, form.uiSchema]).filter((used) => leftOut.has(used));
          expect(reached, `${screen.id} (${name})`).toEqual([]);
        }
      }
    }
    expect(forms).toBeGreaterThan(100);
  });

  it("would be caught: a file field names a left-out widget", () => {
    const schema: JSONSchema7Definition = { type: "string", format: "data-url" } satisfies JSONSchema7;
    expect(namesIn({ properties: { picture: schema } }).filter((used) => leftOut.has(used))).toEqual([
      "data-url",
    ]);
  });
});
