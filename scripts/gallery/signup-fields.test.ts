import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import jaResources from "../../locales/ja/index.ts";
import type { FieldRule } from "../../schemas/form-definition.ts";
import type { CustomAssociatedInfoItem } from "../../schemas/types/account-registration-setting.gen.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import { signupForm } from "../../screens/signup.ts";
import { parseStoreSettings, parseStoreSettingsText } from "../../server/store/validate-settings.ts";
import { renderGallery } from "./build-gallery.ts";
import { loadScreenFixtures } from "./fixtures.ts";
import { parseHtml } from "./parse-html.ts";
import { REGISTRATION_SETTING_FIELDS, registrationRules, signupFormProblems } from "./signup-fields.ts";
import { REPO_ROOT } from "./standalone-assets.ts";

const demoStore = parseStoreSettingsText(
  readFileSync(join(REPO_ROOT, "config/store.json"), "utf8"),
  "config/store.json",
);
const fixtures = loadScreenFixtures();
const { form: badges } = jaResources as { form: { required: string; optional: string } };

async function renderSignupForm(settings: StoreSettings): Promise<Document> {
  const [page] = await renderGallery({
    settings,
    settingsVersion: "test",
    language: "ja",
    fixtures,
    css: "",
    storeLabel: "test",
    screens: [signupForm],
  });
  return parseHtml(page!.html);
}

/** mulberry32: a seeded generator, so a failing configuration can be reproduced from its seed. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A store configuration unlike any in the repository: every rule, item and flag drawn at random. */
function randomStore(seed: number): StoreSettings {
  const random = randomSource(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const rules: readonly (FieldRule | undefined)[] = ["REQUIRED", "OPTIONAL", "NOT_USE", undefined];
  const fieldRules = Object.fromEntries(
    REGISTRATION_SETTING_FIELDS.flatMap((name) => {
      const rule = pick(rules);
      return rule ? [[name, rule]] : [];
    }),
  );
  const customAssociatedInfo: CustomAssociatedInfoItem[] = Array.from(
    { length: Math.floor(random() * 4) },
    (_, index) => {
      const type = pick(["TEXT", "SELECT", "CHECKBOX"] as const);
      return {
        id: `item${seed}_${index}`,
        title: `独自項目${index + 1}`,
        type,
        rule: pick(["REQUIRED", "OPTIONAL", "NOT_USE"] as const),
        ...(type === "SELECT"
          ? {
              selectOptions: [
                { id: "a", label: "はい" },
                { id: "b", label: "いいえ" },
              ],
            }
          : {}),
      };
    },
  );
  return parseStoreSettings(
    {
      ...demoStore,
      signUp: { isPreShowPolicy: random() < 0.5, isRequiredPassword: random() < 0.5 },
      accountRegistrationSetting: {
        ...fieldRules,
        customAssociatedInfo,
        passwordStrength: pick(["LOWER_DIGIT", "LOWER_DIGIT_SYMBOL", "LOWER_DIGIT_UPPER"] as const),
        genderInputType: pick(["Select", "Radio"] as const),
        disallowUnknownGender: random() < 0.5,
      },
    },
    `random store ${seed}`,
  );
}

describe("the gallery's signup-form.html", () => {
  it.each(Array.from({ length: 24 }, (_, index) => index + 1))(
    "shows exactly the registration fields of random store configuration #%i",
    async (seed) => {
      const settings = randomStore(seed);
      expect(signupFormProblems(await renderSignupForm(settings), settings, badges)).toEqual([]);
    },
  );
});

describe("signupFormProblems", () => {
  // The demo store has REQUIRED, OPTIONAL (explicit and omitted) and NOT_USE fields and custom items.
  let page: Document;
  const field = (name: string) => page.querySelector(`[data-field="${name}"]`) as HTMLElement;

  beforeAll(async () => {
    page = await renderSignupForm(demoStore);
  });

  const problemsAfter = (breakPage: () => void) => {
    const original = page.body.innerHTML;
    breakPage();
    const problems = signupFormProblems(page, demoStore, badges);
    page.body.innerHTML = original;
    return problems;
  };

  it("finds nothing wrong with the page as rendered", () => {
    expect(signupFormProblems(page, demoStore, badges)).toEqual([]);
  });

  it("reports a REQUIRED or OPTIONAL field without a container", () => {
    expect(problemsAfter(() => field("familyName").remove())).toEqual([
      "familyName is REQUIRED but has 0 data-field containers",
    ]);
    expect(problemsAfter(() => field("custom_referralSource").remove())).toEqual([
      "custom_referralSource is OPTIONAL but has 0 data-field containers",
    ]);
  });

  it("reports a container for a NOT_USE field", () => {
    expect(problemsAfter(() => field("nickname").setAttribute("data-field", "name"))).toEqual([
      "name is NOT_USE but has a data-field container",
      "nickname is OPTIONAL but has 0 data-field containers",
    ]);
  });

  it("reports data-required that disagrees with the rule", () => {
    expect(problemsAfter(() => field("address2").setAttribute("data-required", "true"))).toEqual([
      'address2 is OPTIONAL but data-required is "true"',
    ]);
  });

  it("reports a 必須 badge on an OPTIONAL field and a missing badge on a REQUIRED one", () => {
    const badgeOf = (name: string) =>
      Array.from(field(name).querySelectorAll("*")).find(
        (element) => element.textContent === badges.optional,
      );
    expect(
      problemsAfter(() => {
        badgeOf("nickname")!.textContent = badges.required;
      }),
    ).toEqual(['nickname is OPTIONAL: expected the badge 任意, found ["必須"]']);
    const requiredBadge = Array.from(field("givenName").querySelectorAll("*")).find(
      (element) => element.textContent === badges.required,
    );
    expect(problemsAfter(() => requiredBadge!.remove())).toEqual([
      "givenName is REQUIRED: expected the badge 必須, found []",
    ]);
  });

  it("reports a field that is no registration field, and a missing password the store requires", () => {
    expect(problemsAfter(() => field("password").setAttribute("data-field", "secret"))).toEqual([
      "password is missing although the store requires a password",
      "secret has a data-field container but is no registration field",
    ]);
  });
});

describe("registrationRules", () => {
  it("lists every field rule of the settings schema, an omitted rule as OPTIONAL", () => {
    const rules = registrationRules({
      ...demoStore,
      accountRegistrationSetting: { familyName: "REQUIRED", customAssociatedInfo: [] },
    });
    expect(rules).toHaveLength(16);
    expect(rules).toContainEqual({ name: "familyName", rule: "REQUIRED" });
    expect(rules).toContainEqual({ name: "userId", rule: "OPTIONAL" });
  });
});
