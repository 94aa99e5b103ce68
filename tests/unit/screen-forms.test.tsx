/**
 * What every routed form screen asks for, under every store configuration of the matrix
 * (tests/fixtures/stores) and in both languages, checked for meaning rather than markup: the fields
 * and their order as the spec and the store settings say, a 必須 / 任意 badge that matches whether
 * the field is required, and a label in the page's language. One small outline per screen (the demo
 * store, ja and en) is pinned in __snapshots__/screen-outlines/ so a change shows up for review.
 */
import { createContext, type ReactNode, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PlainForm } from "../../app/components/plain-form/plain-form.tsx";
import { ScreenForms } from "../../app/components/screen/screen-forms.tsx";
import { buildFormsOfScreen } from "../../app/lib/screen-form-build.server.ts";
import type { I18n } from "../../locales/i18n.ts";
import type { Language } from "../../locales/index.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import { loadScreenFixtures, screenDataFor, storeMatrix } from "../../scripts/gallery/fixtures.ts";
import { parseHtml } from "../../scripts/gallery/parse-html.ts";
import { ROUTED_SCREENS } from "../../scripts/routed-screens.ts";
import { SchemaForm } from "../../widgets/schema-form.tsx";
import { createTestI18n, demoStore, makeRootData } from "../render.tsx";

const stores = storeMatrix();
const fixtures = loadScreenFixtures();
/** The screens the schema-form route renders (the login screens are drawn plain, with tests of their own). */
const formScreens = ROUTED_SCREENS.filter(
  (screen) => screen.forms.length > 0 && screen.formRenderer !== "plain",
);

const i18ns = {} as Record<Language, I18n>;
beforeAll(async () => {
  i18ns.ja = await createTestI18n("ja");
  i18ns.en = await createTestI18n("en");
  // Widgets built from the current date (the card expiry years) must not change with the year.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-15T10:00:00+09:00"));
});
afterAll(() => vi.useRealTimers());

/** Carries the forms under test into the stub's route without defining a component per call. */
const FormsUnderTest = createContext<ReactNode>(null);

function FormsRoute() {
  return useContext(FormsUnderTest);
}

function renderForms(screen: ScreenDefinition, settings: StoreSettings, language: Language): Document {
  const screenData = screenDataFor(screen, settings, fixtures);
  const root = makeRootData({ storeSettingData: settings, storeSettingVersion: "outline", language });
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => root, children: [{ path: "*", Component: FormsRoute }] },
  ]);
  return parseHtml(
    renderToStaticMarkup(
      <I18nextProvider i18n={i18ns[language]}>
        <FormsUnderTest.Provider
          value={
            <ScreenForms
              screen={screen}
              screenData={screenData}
              builtForms={buildFormsOfScreen(screen, { settings, settingsVersion: "outline", screenData })}
              renderer={screen.formRenderer === "plain" ? PlainForm : SchemaForm}
            />
          }
        >
          <Stub initialEntries={[screen.paths[0]]} hydrationData={{ loaderData: { root } }} />
        </FormsUnderTest.Provider>
      </I18nextProvider>,
    ),
  );
}

interface OutlineField {
  field: string;
  required: boolean;
  label: string;
  badges: string[];
  depth: number;
}

/** Elements inside `container` that belong to it, not to a field nested in it. */
function own(container: Element, selector: string): Element[] {
  return Array.from(container.querySelectorAll(selector)).filter(
    (element) => element.parentElement?.closest("[data-field]") === container,
  );
}

function outlineOf(document: Document): OutlineField[] {
  return Array.from(document.querySelectorAll("[data-field]"), (container) => {
    const labelElement = own(container, ".sf-field__label-text, .sf-choice > span")[0];
    let depth = 0;
    for (let parent = container.parentElement?.closest("[data-field]"); parent; depth++) {
      parent = parent.parentElement?.closest("[data-field]") ?? null;
    }
    return {
      field: container.getAttribute("data-field") ?? "",
      required: container.getAttribute("data-required") === "true",
      label: labelElement?.textContent?.trim() ?? "",
      badges: own(container, ".sf-badge").map((badge) => badge.textContent?.trim() ?? ""),
      depth,
    };
  });
}

const BADGES: Record<Language, { required: string; optional: string }> = {
  ja: { required: "必須", optional: "任意" },
  en: { required: "Required", optional: "Optional" },
};
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The registration fields in the order of spec §2 Sign-up ("user id, name, name kana, given and
 * family names, nickname, gender, birthday, phone number, address, custom info"), family name
 * first as Japanese forms write it; the password and its confirmation come last.
 */
const REGISTRATION_ORDER = [
  "userId",
  "name",
  "nameKana",
  "familyName",
  "givenName",
  "familyNameKana",
  "givenNameKana",
  "nickname",
  "sex",
  "birthday",
  "phoneNumber",
  "country",
  "postalCode",
  "prefecture",
  "address",
  "address2",
];

interface ExpectedField {
  field: string;
  required: boolean;
  /** The label's text, when the spec or the data fixes it; otherwise any text in the language. */
  label?: string;
  /** A field the visitor does not see (the reset token). */
  hidden?: boolean;
}

interface PolicyData {
  policyId: string;
  title: string;
  isExternal?: boolean;
}

function policiesOf(screenData: Record<string, unknown>): PolicyData[] {
  return Array.isArray(screenData.policies) ? (screenData.policies as PolicyData[]) : [];
}

/** One consent per policy in force, required, labelled with the policy's title (spec §2 Sign-up). */
function consentFields(screenData: Record<string, unknown>): ExpectedField[] {
  return policiesOf(screenData).map((policy) => ({
    field: `policy_${policy.policyId}`,
    required: true,
    label: policy.title,
  }));
}

/** Sign-up asks for the user ID and the password when the store wants them; my page edits neither. */
function registrationFields(
  settings: StoreSettings,
  language: Language,
  purpose: "signup" | "edit",
): ExpectedField[] {
  const setting = settings.accountRegistrationSetting as Record<string, unknown>;
  const builtIn = REGISTRATION_ORDER.flatMap((field) => {
    const rule = (setting[field] as string | undefined) ?? "OPTIONAL";
    if (field === "userId" && purpose === "edit") return [];
    return rule === "NOT_USE" ? [] : [{ field, required: rule === "REQUIRED" }];
  });
  const custom = (settings.accountRegistrationSetting.customAssociatedInfo ?? [])
    .filter((item) => item.rule !== "NOT_USE")
    .map((item) => ({
      field: `custom_${item.id}`,
      required: item.rule === "REQUIRED",
      label: language === "en" && item.titleEn ? item.titleEn : item.title,
    }));
  const credentials =
    purpose === "signup" && settings.signUp?.isRequiredPassword === true
      ? [
          { field: "password", required: true },
          { field: "passwordConfirm", required: true },
        ]
      : [];
  return [...builtIn, ...custom, ...credentials];
}

/** One field per question of the screen's survey, labelled with its title (spec §5 Survey). */
function surveyFields(screenData: Record<string, unknown>, language: Language): ExpectedField[] {
  const survey = screenData.survey as
    | {
        questions: {
          questionId: string;
          questionTitle: string;
          questionTitleEn?: string;
          required: boolean;
        }[];
      }
    | null
    | undefined;
  return (survey?.questions ?? []).map((question) => ({
    field: `question_${question.questionId}`,
    required: question.required,
    label: language === "en" && question.questionTitleEn ? question.questionTitleEn : question.questionTitle,
  }));
}

function codeName(
  settings: StoreSettings,
  language: Language,
  purpose: keyof StoreSettings["authCodeSetting"] = "signUp",
): string {
  const { displayName, displayNameEn } = settings.authCodeSetting[purpose];
  return language === "en" && displayNameEn ? displayNameEn : displayName;
}

/** The confirm button's form: the browser's 3-D Secure token, put in by the page on submit. */
const threeDSecureFields = [
  { field: "tds2infoToken", required: false, hidden: true },
  { field: "tds2infoTokenKey", required: false, hidden: true },
];

/** What each form screen asks for, from the spec and the store settings (never from the builders). */
const EXPECTED: Record<
  string,
  (settings: StoreSettings, screenData: Record<string, unknown>, language: Language) => ExpectedField[]
> = {
  "password-forgot": () => [{ field: "email", required: true }],
  "mypage-password-edit": () => [
    { field: "oldPassword", required: true },
    { field: "newPassword", required: true },
    { field: "newPasswordConfirm", required: true },
  ],
  "email-recover": () => [{ field: "token", required: true, hidden: true }],
  "password-reset": () => [
    { field: "token", required: true, hidden: true },
    { field: "password", required: true },
    { field: "passwordConfirm", required: true },
  ],
  signup: (_settings, screenData) => consentFields(screenData),
  "signup-auth": (_settings, screenData) => [
    { field: "email", required: true },
    ...consentFields(screenData),
  ],
  "oidc-signup": (_settings, screenData) => consentFields(screenData),
  "oidc-signup-auth": (_settings, screenData) => [
    { field: "email", required: true },
    ...consentFields(screenData),
  ],
  "signup-pin-code": (settings, _screenData, language) => [
    { field: "pinCode", required: true, label: codeName(settings, language) },
  ],
  "signup-policy": (_settings, screenData) => consentFields(screenData),
  "mypage-email-edit": () => [
    { field: "email", required: true },
    { field: "emailConfirm", required: true },
  ],
  "mypage-email-edit-pin-code": (settings, _screenData, language) => [
    { field: "pinCode", required: true, label: codeName(settings, language, "mailEdit") },
  ],
  "mypage-email-verify": (settings, _screenData, language) => [
    { field: "pinCode", required: true, label: codeName(settings, language, "mailVerify") },
  ],
  "mypage-enable-password": (settings, _screenData, language) => [
    { field: "pinCode", required: true, label: codeName(settings, language, "passwordSetting") },
    { field: "password", required: true },
    { field: "passwordConfirm", required: true },
  ],
  "mypage-user-id-edit": () => [
    { field: "userId", required: true },
    { field: "password", required: true },
  ],
  // The fixture asks for the app's code while e-mail is the default: "preferred" is offered.
  "login-multi-factor-type": () => [
    { field: "value", required: true },
    { field: "isPreferred", required: false },
  ],
  // The login provider's second step: the site's, in the OIDC layout.
  "oidc-login-multi-factor-type": () => [
    { field: "value", required: true },
    { field: "isPreferred", required: false },
  ],
  "mypage-multi-factor-otp": () => [{ field: "token", required: true }],
  "mypage-multi-factor-sms-code": () => [{ field: "token", required: true }],
  "mypage-pin-code": () => [
    { field: "pinCode", required: true },
    { field: "pinCodeConfirm", required: true },
  ],
  withdraw: (_settings, screenData, language) => [
    ...surveyFields(screenData, language),
    { field: "consent", required: true },
  ],
  "withdraw-pin-code": (settings, _screenData, language) => [
    { field: "pinCode", required: true, label: codeName(settings, language, "withdraw") },
  ],
  "mypage-payment-method": () => [{ field: "paymentMethodType", required: true }],
  // The addressee and its honorific show once the box is ticked.
  "mypage-invoice-earningsId": () => [{ field: "specifyAddressee", required: false }],
  "plans-planId": (_settings, screenData, language) => [
    { field: "paymentMethodId", required: true },
    { field: "campaignCode", required: false },
    ...surveyFields(screenData, language),
  ],
  "plans-planId-confirm": () => threeDSecureFields,
  "signup-plans-planId": (_settings, screenData, language) => [
    { field: "paymentMethodId", required: true },
    { field: "campaignCode", required: false },
    ...surveyFields(screenData, language),
  ],
  "signup-plans-planId-confirm": () => threeDSecureFields,
  "signup-form": (settings, _screenData, language) => registrationFields(settings, language, "signup"),
  "auth-callback-form": (settings, screenData, language) => [
    ...registrationFields(settings, language, "signup"),
    ...consentFields(screenData),
  ],
  "mypage-subscription-subscriptionId-payment-method": () => [{ field: "paymentMethodId", required: true }],
  // The demo plan has no cancellation survey: the form is its button alone.
  "mypage-subscription-subscriptionId-withdraw": (_settings, screenData, language) =>
    surveyFields(screenData, language),
  "mypage-edit": (settings, _screenData, language) => registrationFields(settings, language, "edit"),
};

/** Every way the rendered forms differ from what the screen should ask for; empty when they agree. */
function outlineProblems(outline: OutlineField[], expected: ExpectedField[], language: Language): string[] {
  const problems: string[] = [];
  const shown = outline.filter((field) => field.depth === 0);
  const names = (fields: { field: string }[]) => fields.map(({ field }) => field).join(", ");
  if (names(shown) !== names(expected))
    problems.push(`fields [${names(shown)}], expected [${names(expected)}]`);
  for (const want of expected) {
    const got = shown.find(({ field }) => field === want.field);
    if (!got) continue;
    if (got.required !== want.required) problems.push(`${want.field}: required is ${got.required}`);
    if (want.hidden) {
      if (got.label || got.badges.length > 0)
        problems.push(`${want.field}: a hidden field shows "${got.label}"`);
      continue;
    }
    const badge = want.required ? BADGES[language].required : BADGES[language].optional;
    if (got.badges.join() !== badge)
      problems.push(`${want.field}: badges [${got.badges}], expected ${badge}`);
    if (!got.label) problems.push(`${want.field}: no label`);
    else if (want.label !== undefined && !got.label.includes(want.label)) {
      problems.push(`${want.field}: label "${got.label}", expected "${want.label}"`);
    } else if (want.label === undefined && language === "en" && JAPANESE.test(got.label)) {
      problems.push(`${want.field}: label "${got.label}" is not English`);
    }
  }
  // Fields inside a field (the parts of a date, an address) carry a label too.
  for (const inner of outline.filter((field) => field.depth > 0 && !field.label)) {
    problems.push(`${inner.field}: no label`);
  }
  return problems;
}

describe.each(formScreens.map((screen) => [screen.id, screen] as const))("%s", (_id, screen) => {
  const expectedOf = EXPECTED[screen.id];

  it("has its expectation written down here", () => {
    expect(expectedOf, `add ${screen.id} to EXPECTED`).toBeDefined();
  });

  it.each(
    stores.flatMap(({ name, settings }) =>
      (["ja", "en"] as const).map((language) => [name, language, settings] as const),
    ),
  )(
    "%s, %s: the fields, their order, badges and labels the spec and the store ask for",
    (_store, language, settings) => {
      const screenData = screenDataFor(screen, settings, fixtures);
      const outline = outlineOf(renderForms(screen, settings, language));
      expect(outlineProblems(outline, expectedOf?.(settings, screenData, language) ?? [], language)).toEqual(
        [],
      );
    },
  );

  it("pins a short outline under the demo store, in both languages", async () => {
    const lines = (["ja", "en"] as const).flatMap((language) => [
      `## ${language}`,
      ...outlineOf(renderForms(screen, demoStore, language)).map(
        ({ field, label, badges, depth }) =>
          `${"  ".repeat(depth)}- ${field}: ${label || "(hidden)"}${badges.length ? ` [${badges.join(", ")}]` : ""}`,
      ),
    ]);
    await expect(`# ${screen.id} (${screen.paths.join(", ")})\n\n${lines.join("\n")}\n`).toMatchFileSnapshot(
      `__snapshots__/screen-outlines/${screen.id}.md`,
    );
  });
});

describe("the outline check itself", () => {
  const field = (overrides: Partial<OutlineField>): OutlineField => ({
    field: "email",
    required: true,
    label: "メールアドレス",
    badges: ["必須"],
    depth: 0,
    ...overrides,
  });

  it("catches a missing or extra field, a wrong order, a wrong badge, a missing or untranslated label", () => {
    const expected = [
      { field: "email", required: true },
      { field: "nickname", required: false },
    ];
    expect(outlineProblems([field({})], expected, "ja")).toEqual([
      "fields [email], expected [email, nickname]",
    ]);
    expect(
      outlineProblems(
        [field({ field: "nickname", required: false, badges: ["任意"] }), field({})],
        expected,
        "ja",
      ),
    ).toEqual(["fields [nickname, email], expected [email, nickname]"]);
    expect(
      outlineProblems(
        [field({ badges: ["任意"] }), field({ field: "nickname", required: false, badges: [] })],
        expected,
        "ja",
      ),
    ).toEqual(["email: badges [任意], expected 必須", "nickname: badges [], expected 任意"]);
    expect(
      outlineProblems(
        [
          field({ label: "", badges: ["Required"] }),
          field({ field: "nickname", required: false, label: "ニックネーム", badges: ["Optional"] }),
        ],
        expected,
        "en",
      ),
    ).toEqual(["email: no label", 'nickname: label "ニックネーム" is not English']);
    expect(outlineProblems([field({ required: false, badges: ["任意"] })], [expected[0]!], "ja")).toEqual([
      "email: required is false",
      "email: badges [任意], expected 必須",
    ]);
  });
});
