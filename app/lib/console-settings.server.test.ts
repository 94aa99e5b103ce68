import { describe, expect, it } from "vitest";
import { hasConsoleText, sectionForm } from "./console-settings.server.ts";

describe("the console's settings forms", () => {
  it("know which labels and option names the console's translations have", () => {
    expect(hasConsoleText("console.fields.accountRegistrationSetting/nameKana")).toBe(true);
    expect(hasConsoleText("console.options.theme.dark")).toBe(true);
    expect(hasConsoleText("console.fields")).toBe(false);
    expect(hasConsoleText("console.fields.nothing")).toBe(false);
    expect(hasConsoleText("console.fields.__proto__")).toBe(false);
  });

  it("label the registration section and give it a validator module, built once", () => {
    const first = sectionForm("store", "registration");
    if (!first) throw new Error("the registration section has a form");
    expect(first.form.uiSchema.nameKana).toMatchObject({
      "ui:title": "console.fields.accountRegistrationSetting/nameKana",
    });
    expect(first.form.uiSchema.passwordStrength).toMatchObject({
      "ui:enumNames": expect.arrayContaining([
        "console.options.accountRegistrationSetting/passwordStrength.LOWER_DIGIT",
      ]),
    });
    expect(first.validatorUrl).toMatch(/^\/form-validators\/[\w-]{22}\.js$/);
    expect(sectionForm("store", "registration")?.form).toBe(first.form);
    expect(sectionForm("store", "plans")).toBeNull();
    expect(sectionForm("plans", "plans")?.form.schema.properties).toHaveProperty("planGroups");
  });
});
