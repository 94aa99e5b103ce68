import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { screenBodies } from "../../app/lib/screen-loader.server.ts";
import consentOptionSchema from "../../schemas/consent-option.schema.json" with { type: "json" };
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import policySchema from "../../schemas/policy.schema.json" with { type: "json" };
import surveySchema from "../../schemas/survey.schema.json" with { type: "json" };
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { createAjv } from "../../schemas/validation.ts";
import { SCREENS } from "../../screens/index.ts";
import { parseStoreSettingsText } from "../../server/store/validate-settings.ts";
import {
  FIXTURES_DIR,
  loadScreenFixtures,
  routeParamsFor,
  screenDataFor,
  storeDerivedScreenData,
} from "./fixtures.ts";
import { registrationRules } from "./signup-fields.ts";
import { REPO_ROOT } from "./standalone-assets.ts";

const fixtures = loadScreenFixtures();
const storesDir = join(FIXTURES_DIR, "stores");
const storeFiles = readdirSync(storesDir).filter((name) => name.endsWith(".json"));
const demoStore = parseStoreSettingsText(
  readFileSync(join(REPO_ROOT, "config/store.json"), "utf8"),
  "config/store.json",
);

describe("screen data fixtures", () => {
  it("exist for exactly the screens that load screen data", () => {
    const withData = SCREENS.filter((screen) => screen.screenData).map((screen) => screen.id);
    expect([...fixtures.screenData.keys()].sort()).toEqual(withData.sort());
  });

  it("are in the shape each screen's page bodies read, under the demo store", () => {
    for (const screen of SCREENS.filter((each) => each.screenData && (each.intro || each.content))) {
      const bodies = screenBodies(screen, screenDataFor(screen, demoStore, fixtures));
      expect([bodies.intro?.name, bodies.content?.name], screen.id).toEqual([screen.intro, screen.content]);
    }
  });

  it("give every route parameter a value", () => {
    for (const screen of SCREENS) expect(() => routeParamsFor(screen, fixtures)).not.toThrow();
  });

  it("hold policies, consent options, surveys and payment methods as the API defines them", () => {
    const ajv = createAjv();
    const validators = {
      policies: ajv.compile(policySchema),
      consentOptions: ajv.compile(consentOptionSchema),
      paymentMethods: ajv.compile(paymentMethodSchema),
    };
    const validateSurvey = ajv.compile(surveySchema);
    let checked = 0;
    for (const [screenId, data] of fixtures.screenData) {
      for (const [key, validate] of Object.entries(validators)) {
        const items = data[key];
        if (!Array.isArray(items)) continue;
        for (const item of items) {
          expect(validate(item), `${screenId}.${key}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked += 1;
        }
      }
      if (data.survey) {
        expect(validateSurvey(data.survey), `${screenId}.survey`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe("storeDerivedScreenData", () => {
  const withSignUp = (signUp: StoreSettings["signUp"]): StoreSettings => ({ ...demoStore, signUp });

  it("counts the sign-up steps as the API does: 1 then 3, or 2 then 4 with a policy step (spec §4)", () => {
    const plain = withSignUp({ isPreShowPolicy: false, isRequiredPassword: true });
    expect(storeDerivedScreenData("signup/auth", plain)).toMatchObject({ currentCount: 1, totalCount: 3 });
    expect(storeDerivedScreenData("signup/pin-code", plain)).toMatchObject({
      currentCount: 2,
      totalCount: 3,
    });
    expect(storeDerivedScreenData("signup/form", plain)).toMatchObject({ currentCount: 3, totalCount: 3 });
    const policyFirst = withSignUp({ isPreShowPolicy: true, isRequiredPassword: true });
    expect(storeDerivedScreenData("signup", policyFirst)).toMatchObject({ currentCount: 1, totalCount: 4 });
    expect(storeDerivedScreenData("signup/auth", policyFirst)).toMatchObject({
      currentCount: 2,
      totalCount: 4,
    });
    expect(storeDerivedScreenData("signup/form", policyFirst)).toMatchObject({
      currentCount: 4,
      totalCount: 4,
    });
  });

  it("asks for a password at sign-up only when the store requires one", () => {
    expect(storeDerivedScreenData("signup/form", withSignUp({ isRequiredPassword: false }))).toMatchObject({
      isRequiredPassword: false,
    });
    expect(storeDerivedScreenData("signup/form", withSignUp({ isRequiredPassword: true }))).toMatchObject({
      isRequiredPassword: true,
    });
  });

  it("takes the login options from the store's features and login settings", () => {
    const store: StoreSettings = {
      ...demoStore,
      features: { ...demoStore.features, isEnabledUserId: false },
      login: { ...demoStore.login, isEnabledAuthCode: false, defaultLoginType: "authCode" },
    };
    expect(storeDerivedScreenData("login", store)).toMatchObject({
      isEnabledUserId: false,
      isEnabledAuthCode: false,
      defaultLoginType: "authCode",
    });
  });

  it("wins over the fixture, which holds only what the account or database would give", () => {
    const signupForm = SCREENS.find((screen) => screen.id === "signup-form")!;
    const data = screenDataFor(signupForm, withSignUp({ isRequiredPassword: false }), fixtures);
    expect(data).toMatchObject({ isRequiredPassword: false, email: "hanako.yamada@example.jp" });
  });
});

describe("the store configuration matrix", () => {
  it.each(storeFiles)("%s is a valid store settings file", (file) => {
    const text = readFileSync(join(storesDir, file), "utf8");
    expect(() => parseStoreSettingsText(text, file)).not.toThrow();
  });

  it("covers every rule, custom item type, gender input and password strength", () => {
    const settings = storeFiles.map((file) =>
      parseStoreSettingsText(readFileSync(join(storesDir, file), "utf8"), file),
    );
    for (const rule of ["REQUIRED", "OPTIONAL", "NOT_USE"]) {
      const uniform = settings.filter((store) =>
        registrationRules(store).every((field) => field.rule === rule),
      );
      expect(uniform, `a store with every field ${rule}`).not.toHaveLength(0);
    }
    const registration = settings.map((store) => store.accountRegistrationSetting);
    const customTypes = new Set(
      registration.flatMap((setting) => (setting.customAssociatedInfo ?? []).map((item) => item.type)),
    );
    expect([...customTypes].sort()).toEqual(["CHECKBOX", "SELECT", "TEXT"]);
    expect(new Set(registration.map((setting) => setting.genderInputType))).toEqual(
      new Set(["Select", "Radio"]),
    );
    expect(registration.some((setting) => setting.disallowUnknownGender === true)).toBe(true);
    expect(new Set(registration.map((setting) => setting.passwordStrength))).toEqual(
      new Set(["LOWER_DIGIT", "LOWER_DIGIT_SYMBOL", "LOWER_DIGIT_UPPER", "LOWER_DIGIT_UPPER_SYMBOL"]),
    );
  });
});
