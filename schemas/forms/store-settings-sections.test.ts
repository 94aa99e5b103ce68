import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import storeSettingsSchema from "../store-settings.schema.json" with { type: "json" };
import type { StoreSettings } from "../types/store-settings.gen.ts";
import { validateFormData } from "../validation.ts";
import {
  buildStoreSectionForm,
  STORE_SECTION_IDS,
  STORE_SECTIONS,
  sectionFieldOf,
  sectionValue,
  withSectionValue,
} from "./store-settings-sections.ts";

const demo = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "../../config/store.json"), "utf8"),
) as StoreSettings;

describe("the store settings' sections", () => {
  it("hold every setting of the schema exactly once", () => {
    const listed = Object.values(STORE_SECTIONS).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(
      Object.keys(storeSettingsSchema.properties)
        .filter((name) => name !== "$schema")
        .sort(),
    );
  });

  it("build forms that stand alone and take the demo store's own values", () => {
    const present = STORE_SECTION_IDS.filter((section) =>
      STORE_SECTIONS[section].some((name) => demo[name] !== undefined),
    );
    expect(present.length).toBeGreaterThan(10);
    for (const section of present) {
      const form = buildStoreSectionForm(section);
      expect(JSON.stringify(form.schema)).not.toContain("$ref");
      const result = validateFormData(form, sectionValue(demo, section));
      expect([section, result.ok]).toEqual([section, true]);
    }
  });

  it("edit one object's fields, or a few settings side by side", () => {
    expect(buildStoreSectionForm("registration").schema.properties).toHaveProperty("nameKana");
    expect(sectionValue(demo, "registration").nameKana).toBe(demo.accountRegistrationSetting.nameKana);
    expect(Object.keys(buildStoreSectionForm("appearance").schema.properties ?? {})).toEqual([
      "colors",
      "images",
      "footers",
    ]);
  });

  it("label a field from the console's translations when they have one, a field rule as a segmented choice", () => {
    const form = buildStoreSectionForm(
      "registration",
      (key) => key === "console.fields.accountRegistrationSetting/nameKana",
    );
    expect(form.uiSchema.nameKana).toMatchObject({
      "ui:title": "console.fields.accountRegistrationSetting/nameKana",
      "ui:widget": "radio",
      "ui:classNames": "console-segmented",
      "ui:options": { labelKey: true, enumNamesKeys: true },
    });
    expect(form.uiSchema.nickname).not.toHaveProperty("ui:title");
  });

  it("put a section back into the settings, removing a setting left empty", () => {
    const next = withSectionValue(demo, "service", { ...sectionValue(demo, "service"), gtmId: undefined });
    expect(next).not.toHaveProperty("gtmId");
    expect(next.serviceName).toBe(demo.serviceName);
    const registration = withSectionValue(demo, "registration", { nameKana: "REQUIRED" });
    expect(registration.accountRegistrationSetting).toEqual({ nameKana: "REQUIRED" });
    // An optional object left empty is no setting at all.
    expect(withSectionValue(demo, "invoices", {})).not.toHaveProperty("invoiceIssuer");
  });

  it("place a problem of the whole settings on the section's field", () => {
    expect(sectionFieldOf("registration", "accountRegistrationSetting.customAssociatedInfo.0.id")).toEqual({
      field: "customAssociatedInfo",
      within: ["0", "id"],
    });
    expect(sectionFieldOf("service", "serviceName")).toEqual({ field: "serviceName", within: [] });
    expect(sectionFieldOf("service", "invoiceIssuer.registrationNumber")).toBeNull();
    expect(sectionFieldOf("invoices", "invoiceIssuer")).toEqual({ field: "root", within: [] });
  });
});
