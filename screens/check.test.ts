import { describe, expect, it } from "vitest";
import en from "../locales/en/index.ts";
import ja from "../locales/ja/index.ts";
import { buildScreenForm, FORM_BUILDERS, isFormBuilderName } from "../schemas/forms/registry.ts";
import type { StoreSettings } from "../schemas/types/store-settings.gen.ts";
import { loadScreenFixtures, screenDataFor } from "../scripts/gallery/fixtures.ts";
import allRequiredStore from "../tests/fixtures/stores/all-required.json" with { type: "json" };
import { widgets } from "../widgets/theme.tsx";
import {
  formFieldNames,
  hasTranslation,
  type ScreenCheckContext,
  screenDefinitionProblems,
} from "./check.ts";
import { passwordForgot, passwordReset } from "./guest.ts";
import { SCREENS } from "./index.ts";
import { mypageInvoice, mypagePaymentMethod } from "./mypage.ts";
import type { ScreenDefinition } from "./screen-definition.ts";

/** Every field in use, so the check knows every field a form can have. */
const richestStore = allRequiredStore as StoreSettings;
const fixtures = loadScreenFixtures();

const context: ScreenCheckContext = {
  builders: new Set(Object.keys(FORM_BUILDERS)),
  widgets: new Set(Object.keys(widgets)),
  buildForm(screen, form) {
    if (!isFormBuilderName(form.builder)) throw new Error(`unknown builder ${form.builder}`);
    return buildScreenForm(form.builder, {
      settings: richestStore,
      settingsVersion: "check",
      screenData: screenDataFor(screen, richestStore, fixtures),
      options: form.builderOptions ?? {},
    });
  },
  translations: { ja, en },
};

/** A definition changed the way a careless edit (or a JSON file) could, past the type checker. */
function edited(screen: ScreenDefinition, changes: Record<string, unknown>): ScreenDefinition {
  return { ...screen, ...changes } as ScreenDefinition;
}

function withForm(screen: ScreenDefinition, changes: Record<string, unknown>): ScreenDefinition {
  const [form, ...others] = screen.forms;
  return edited(screen, { forms: [{ ...form, ...changes }, ...others] });
}

const check = (...screens: ScreenDefinition[]) => screenDefinitionProblems(screens, context);

describe("the screen definitions", () => {
  it("have no problems", () => {
    expect(screenDefinitionProblems(SCREENS, context)).toEqual([]);
  });
});

describe("screenDefinitionProblems", () => {
  it("accepts a sound definition", () => {
    expect(check(passwordForgot)).toEqual([]);
  });

  it("rejects an id that is not the first path's", () => {
    expect(check(edited(passwordForgot, { id: "forgot" }))).toEqual([
      'forgot: id should be "password-forgot" (from /password/forgot)',
    ]);
  });

  it("rejects two screens with one id", () => {
    const twin = edited(passwordForgot, { paths: ["/password/forgot/again"], id: "password-forgot" });
    expect(check(passwordForgot, twin)).toContain("password-forgot: id is used by another screen too");
  });

  it("rejects a path that another screen or the same screen already has", () => {
    const thief = edited(passwordReset, { paths: ["/password/reset", "/forgetpassword"] });
    expect(check(passwordForgot, thief)).toEqual([
      "password-reset: path /forgetpassword repeats one of password-forgot",
    ]);
    const stutter = edited(passwordForgot, { paths: ["/password/forgot", "/password/forgot"] });
    expect(check(stutter)).toEqual(["password-forgot: path /password/forgot repeats one of password-forgot"]);
  });

  it("rejects an unknown builder", () => {
    expect(check(withForm(passwordForgot, { builder: "passwordForget" }))).toEqual([
      'password-forgot: forms[0]: unknown builder "passwordForget"',
    ]);
  });

  it("reports a builder that cannot build the form from what the screen has", () => {
    const problems = check(
      withForm(passwordForgot, { builder: "authCode", builderOptions: { purpose: "x" } }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^password-forgot: forms\[0\]: builder "authCode" fails: purpose must be one of/,
    );
  });

  it("rejects an unknown widget", () => {
    const screen = withForm(passwordForgot, { uiSchema: { email: { "ui:widget": "emailAddress" } } });
    expect(check(screen)).toEqual([
      'password-forgot: forms[0]: field "email" names the unknown widget "emailAddress"',
    ]);
  });

  it("rejects a uiSchema for a field the form does not have", () => {
    const screen = withForm(passwordForgot, { uiSchema: { mail: { "ui:placeholder": "a@example.jp" } } });
    expect(check(screen)).toEqual(['password-forgot: forms[0].uiSchema: "mail" is not a field of the form']);
  });

  it("rejects an error mapped onto a field the form does not have", () => {
    const screen = withForm(passwordForgot, {
      errors: { ACCOUNT_NOT_FOUND: { field: "emailAddress" } },
    });
    expect(check(screen)).toEqual([
      'password-forgot: forms[0].errors.ACCOUNT_NOT_FOUND: "emailAddress" is not a field of the form',
    ]);
  });

  it("knows the fields of conditional branches (the card fields of the payment method form)", () => {
    const screen = withForm(mypagePaymentMethod, {
      errors: { CARD_DECLINED: { field: "cardNumber" } },
    });
    expect(check(screen)).toEqual([]);
  });

  it("rejects a translation key missing in any language, naming the language", () => {
    const onlyInJapanese = { ...ja, screens: { ...(ja.screens as object), gallery: { title: "一覧" } } };
    const problems = screenDefinitionProblems(
      [edited(passwordForgot, { titleKey: "screens.gallery.title" })],
      {
        ...context,
        translations: { ja: onlyInJapanese, en },
      },
    );
    expect(problems).toEqual(['password-forgot: titleKey: "screens.gallery.title" is missing in en']);
  });

  it("checks every key a definition names: lead, links, submit labels, modes, error summaries and help", () => {
    const screen = edited(passwordForgot, {
      leadKey: "screens.nope.lead",
      links: [{ to: "/login", labelKey: "screens.nope.link" }],
      forms: [
        {
          ...passwordForgot.forms[0],
          submitLabelKey: "screens.nope.submit",
          showWhen: { query: "mode", equals: null, labelKey: "screens.nope.mode" },
          errors: { X: { summaryKey: "screens.nope.summary" } },
          uiSchema: { email: { "ui:help": "screens.nope.help" } },
        },
      ],
    });
    const missingInJapanese = check(screen).filter((problem) => problem.endsWith("missing in ja"));
    const where = (problem: string) => problem.slice("password-forgot: ".length).split(': "')[0];
    expect(missingInJapanese.map(where)).toEqual([
      "leadKey",
      "links[0].labelKey",
      "forms[0].submitLabelKey",
      "forms[0].showWhen.labelKey",
      "forms[0].errors.X.summaryKey",
      "forms[0].uiSchema.email.ui:help",
    ]);
  });

  it("rejects an API path or screen data path with a parameter the route lacks", () => {
    const screen = edited(mypageInvoice, {
      screenData: "mypage/invoice/:invoiceId",
      forms: [{ ...mypageInvoice.forms[0], submit: { method: "POST", path: "/zapi/account/invoice/:id" } }],
    });
    expect(check(screen)).toEqual([
      'mypage-invoice-earningsId: screenData: ":invoiceId" is not a parameter of /mypage/invoice/:earningsId',
      'mypage-invoice-earningsId: forms[0].submit.path: ":id" is not a parameter of /mypage/invoice/:earningsId',
    ]);
  });

  it("rejects alternative paths whose parameters differ from the first path's", () => {
    const screen = edited(mypageInvoice, { paths: ["/mypage/invoice/:earningsId", "/mypage/receipt/:id"] });
    expect(check(screen)).toEqual([
      "mypage-invoice-earningsId: path /mypage/receipt/:id has other parameters than /mypage/invoice/:earningsId",
    ]);
  });
});

describe("hasTranslation", () => {
  const resource = { a: { b: "text", days_one: "1 day", days_other: "{{count}} days", nested: { c: 1 } } };

  it("finds nested text and plural forms, nothing else", () => {
    expect(hasTranslation(resource, "a.b")).toBe(true);
    expect(hasTranslation(resource, "a.days")).toBe(true);
    expect(hasTranslation(resource, "a")).toBe(false);
    expect(hasTranslation(resource, "a.nested")).toBe(false);
    expect(hasTranslation(resource, "a.nested.c")).toBe(false);
    expect(hasTranslation(resource, "a.b.c")).toBe(false);
    expect(hasTranslation(resource, "x.b")).toBe(false);
  });
});

describe("formFieldNames", () => {
  it("collects the properties of the form and of its if/then branches", () => {
    const names = formFieldNames({
      type: "object",
      properties: { type: { type: "string" } },
      allOf: [
        {
          if: { properties: { type: { const: "card" } } },
          // biome-ignore lint/suspicious/noThenProperty: "then" is the JSON Schema keyword of if/then.
          then: { properties: { card: {} } },
        },
      ],
    });
    expect([...names]).toEqual(["type", "card"]);
  });
});
