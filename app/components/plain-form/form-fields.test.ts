import { describe, expect, it } from "vitest";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { buildProfilePinForm } from "../../../schemas/forms/codes.ts";
import { buildRegistrationForm } from "../../../schemas/forms/registration.ts";
import { SCREENS } from "../../../screens/index.ts";
import { demoStore } from "../../../tests/render.tsx";
import { buildFormOfScreen } from "../../lib/screen-form-build.server.ts";
import { isSecret, plainFields } from "./form-fields.ts";

/** A form with every plain widget: a hidden id, a literal-titled checkbox, a required consent. */
const preferences: FormDefinition = {
  id: "test.preferences",
  version: "1",
  schema: {
    type: "object",
    required: ["nickname", "consent"],
    properties: {
      requestId: { type: "string" },
      nickname: { type: "string", title: "field.nickname" },
      newsletter: { type: "boolean", title: "メールマガジンを受け取る" },
      consent: { type: "boolean", title: "規約に同意する" },
    },
  },
  uiSchema: {
    "ui:order": ["nickname", "newsletter", "consent"],
    requestId: { "ui:widget": "hidden" },
    nickname: { "ui:options": { labelKey: true } },
  },
};

describe("plainFields", () => {
  it("lists fields in ui:order, then the fields the order leaves out", () => {
    expect(plainFields(preferences).map((field) => field.name)).toEqual([
      "nickname",
      "newsletter",
      "consent",
      "requestId",
    ]);
  });

  it("picks the widget like the rjsf theme: named, else checkbox for booleans, else text", () => {
    const widgets = Object.fromEntries(plainFields(preferences).map((field) => [field.name, field.widget]));
    expect(widgets).toEqual({
      nickname: "text",
      newsletter: "checkbox",
      consent: "checkbox",
      requestId: "hidden",
    });
  });

  it("marks the fields the schema requires", () => {
    const required = plainFields(preferences)
      .filter((field) => field.required)
      .map((field) => field.name);
    expect(required).toEqual(["nickname", "consent"]);
  });

  it("refuses a form with a widget a plain form cannot draw", () => {
    const registration = buildRegistrationForm(
      { setting: demoStore.accountRegistrationSetting, purpose: "signup", isRequiredPassword: true },
      "v1",
    );
    expect(() => plainFields(registration)).toThrow(/cannot render the "\w+" widget/);
  });
});

describe("isSecret", () => {
  it("treats a masked PIN as a secret", () => {
    const pin = buildProfilePinForm({ withConfirmation: true }, "v1");
    expect(plainFields(pin).every(isSecret)).toBe(true);
  });
});

describe("screens drawn plain", () => {
  it("have only fields a plain form can draw, whatever the store offers", () => {
    const plainScreens = SCREENS.filter((screen) => screen.formRenderer === "plain");
    expect(plainScreens.map((screen) => screen.id)).toEqual([
      "login",
      "login-code",
      "oidc-login",
      "oidc-login-code",
    ]);
    for (const screen of plainScreens) {
      for (const definition of screen.forms) {
        for (const screenData of [{}, { isEnabledUserId: true }, { isEnabledUserId: false }]) {
          const form = buildFormOfScreen(definition, {
            settings: demoStore,
            settingsVersion: "v1",
            screenData,
          });
          expect(() => plainFields(form), `${screen.id} ${form.id}`).not.toThrow();
        }
      }
    }
  });
});
