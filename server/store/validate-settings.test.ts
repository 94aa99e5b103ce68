import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import storeJson from "../../config/store.json" with { type: "json" };
import { parseStoreSettings, parseStoreSettingsText, StoreSettingsError } from "./validate-settings.ts";

// biome-ignore lint/suspicious/noExplicitAny: tests break the settings in ways the type forbids.
type Mutable = any;

/** The demo store with one change applied. */
function storeWith(change: (settings: Mutable) => void): unknown {
  const settings = structuredClone(storeJson) as Mutable;
  change(settings);
  return settings;
}

function problemsOf(value: unknown): string[] {
  try {
    parseStoreSettings(value, "store.json");
  } catch (error) {
    if (error instanceof StoreSettingsError) return error.problems;
    throw error;
  }
  throw new Error("expected the settings to be rejected");
}

describe("the demo store", () => {
  it("config/store.json is valid", () => {
    const path = resolve(import.meta.dirname, "../../config/store.json");
    const settings = parseStoreSettingsText(readFileSync(path, "utf8"), path);
    expect(settings.serviceName).toBe("ソラミル");
  });
});

describe("store settings problems name the field and why", () => {
  it.each([
    ["a missing required setting", (s: Mutable) => delete s.serviceName, "serviceName: is required"],
    [
      "a missing nested setting",
      (s: Mutable) => delete s.features.isEnabledPassword,
      "features.isEnabledPassword: is required",
    ],
    ["a value outside its enum", (s: Mutable) => (s.theme = "blue"), 'theme: must be one of "light", "dark"'],
    [
      "a bad field rule",
      (s: Mutable) => (s.accountRegistrationSetting.nickname = "MAYBE"),
      'accountRegistrationSetting.nickname: must be one of "REQUIRED", "OPTIONAL", "NOT_USE"',
    ],
    [
      "a colour not written as #rrggbb",
      (s: Mutable) => (s.colors.accentColor = "blue"),
      "colors.accentColor: must be a colour written as #rrggbb",
    ],
    ["an unknown key", (s: Mutable) => (s.serviceNmae = "x"), "serviceNmae: is not a known setting"],
    [
      "an unknown nested key",
      (s: Mutable) => (s.features.isEnabledFoo = true),
      "features.isEnabledFoo: is not a known setting",
    ],
    [
      "an app user-agent pattern with one capture group",
      (s: Mutable) => (s.appUserAgentPattern = "SoramiruApp/(\\d+)"),
      "appUserAgentPattern: must have two capture groups for the numeric version parts",
    ],
    [
      "a custom info id used twice",
      (s: Mutable) => (s.accountRegistrationSetting.customAssociatedInfo[1].id = "favoriteGenre"),
      'accountRegistrationSetting.customAssociatedInfo.1.id: "favoriteGenre" is used twice',
    ],
    [
      "a SELECT custom item without options",
      (s: Mutable) => delete s.accountRegistrationSetting.customAssociatedInfo[0].selectOptions,
      "accountRegistrationSetting.customAssociatedInfo.0.selectOptions: a SELECT item needs options",
    ],
    [
      "reCAPTCHA enabled without a site key",
      (s: Mutable) => (s.login.recaptcha = { enabled: true }),
      "login.recaptcha.siteKey: is required when reCAPTCHA is enabled",
    ],
    [
      "a javascript: footer URL",
      (s: Mutable) =>
        (s.footers.footerLinks[0] = {
          ...s.footers.footerLinks[0],
          type: "url",
          value: "javascript:alert(1)",
        }),
      "footers.footerLinks.0.value: must be an http:// or https:// URL when type is url",
    ],
    [
      "a footer site path that leaves the site",
      (s: Mutable) =>
        (s.footers.footerLinks[0] = {
          ...s.footers.footerLinks[0],
          type: "default",
          value: "//evil.example",
        }),
      "footers.footerLinks.0.value: must be a site path starting with a single / when type is default",
    ],
    [
      "a social link that is not http(s)",
      (s: Mutable) => (s.footers.socialMediaLinks.lineUrl = "javascript:alert(1)"),
      "footers.socialMediaLinks.lineUrl: must be an http:// or https:// URL",
    ],
    [
      "a consent option id used in both lists",
      (s: Mutable) => {
        s.consentOptions.privacy[0].consentOptionId = s.consentOptions.newsletter[0].consentOptionId;
      },
      'consentOptions.privacy.0.consentOptionId: "weekly-picks" is used twice',
    ],
    [
      "a consent option without its default value",
      (s: Mutable) => delete s.consentOptions.newsletter[0].defaultValue,
      "consentOptions.newsletter.0.defaultValue: is required",
    ],
    [
      "a withdrawal survey question id used twice",
      (s: Mutable) => {
        const [first] = s.withdrawalSurvey?.questions ?? [];
        if (first) s.withdrawalSurvey?.questions.push({ ...first });
      },
      'withdrawalSurvey.questions.3.questionId: "reason" is used twice',
    ],
    [
      "a withdrawal survey choice without options",
      (s: Mutable) => {
        const question = s.withdrawalSurvey?.questions[1];
        if (question) question.answerOptions = [];
      },
      "withdrawalSurvey.questions.1.answerOptions: a RADIO question needs options",
    ],
    [
      "an invoice registration number that is not T and 13 digits",
      (s: Mutable) => {
        if (s.invoiceIssuer) s.invoiceIssuer.registrationNumber = "1000012030001";
      },
      "invoiceIssuer.registrationNumber: must be T and 13 digits",
    ],
    [
      "an invoice registration number whose check digit fails",
      (s: Mutable) => {
        if (s.invoiceIssuer) s.invoiceIssuer.registrationNumber = "T2000012030001";
      },
      'invoiceIssuer.registrationNumber: "T2000012030001" fails its check digit (T and a 法人番号 whose first digit checks the other twelve)',
    ],
    [
      "a scope listed twice",
      (s: Mutable) => s.storeScopeSettings.push({ ...s.storeScopeSettings[1] }),
      'storeScopeSettings.6.scopeKey: "email" is used twice',
    ],
    [
      "scopes without openid",
      (s: Mutable) => s.storeScopeSettings.shift(),
      "storeScopeSettings: must list openid",
    ],
    [
      "openid made optional",
      (s: Mutable) => {
        s.storeScopeSettings[0].required = false;
      },
      "storeScopeSettings.0.required: openid is always required",
    ],
    [
      "offline_access releasing a claim",
      (s: Mutable) => {
        s.storeScopeSettings[5].claims = ["email"];
      },
      "storeScopeSettings.5.claims: offline_access releases no claims (sub is always released)",
    ],
    [
      "a scope releasing a claim the provider does not know",
      (s: Mutable) => {
        s.storeScopeSettings[2].claims = ["password"];
      },
      "storeScopeSettings.2.claims.0: must be one of",
    ],
    [
      "precautions without their text",
      (s: Mutable) => delete s.oidcPrecautions.text,
      "oidcPrecautions.text: is required",
    ],
    [
      "an invoice issuer without its business name",
      (s: Mutable) => {
        if (s.invoiceIssuer) s.invoiceIssuer.businessName = "";
      },
      "invoiceIssuer.businessName: must NOT have fewer than 1 characters",
    ],
    [
      "a withdrawal survey question of an unknown type",
      (s: Mutable) => {
        const question = s.withdrawalSurvey?.questions[2] as { questionType: string } | undefined;
        if (question) question.questionType = "SLIDER";
      },
      "withdrawalSurvey.questions.2.questionType: must be one of",
    ],
  ])("%s", (_case, change, problem) => {
    const problems = problemsOf(storeWith(change));
    if (problem.endsWith("must be one of"))
      expect(problems.some((found) => found.startsWith(problem))).toBe(true);
    else expect(problems).toEqual([problem]);
  });

  describe("socialLogin", () => {
    const google = { type: "Google", enabled: true, clientId: "g", issuer: "https://accounts.google.com" };
    const facebook = {
      type: "Facebook",
      enabled: true,
      clientId: "f",
      authorizationEndpoint: "https://www.facebook.com/v19.0/dialog/oauth",
      tokenEndpoint: "https://graph.facebook.com/v19.0/oauth/access_token",
      userinfoEndpoint: "https://graph.facebook.com/me?fields=id,name,email",
    };
    const withProviders = (...providers: unknown[]) => storeWith((s) => (s.socialLogin = { providers }));

    it("takes OpenID Connect providers by issuer and Facebook by its three endpoints", () => {
      expect(() => parseStoreSettings(withProviders(google, facebook), "store.json")).not.toThrow();
    });

    it.each([
      [
        "an OpenID Connect provider without its issuer",
        { ...google, issuer: undefined },
        "an OpenID Connect provider needs its issuer",
      ],
      [
        "Facebook without its endpoints",
        { ...facebook, tokenEndpoint: undefined },
        "Facebook needs authorizationEndpoint, tokenEndpoint and userinfoEndpoint",
      ],
      [
        "Facebook with an issuer",
        { ...facebook, issuer: "https://www.facebook.com" },
        "Facebook has no OpenID Connect issuer: give its three endpoints",
      ],
      [
        "a secret in the store file",
        { ...google, clientSecret: "s" },
        "socialLogin.providers.0.clientSecret: is not a known setting",
      ],
      ["an unknown provider", { ...google, type: "Twitter" }, "socialLogin.providers.0.type: must be one of"],
    ])("refuses %s", (_case, provider, problem) => {
      const problems = problemsOf(withProviders(JSON.parse(JSON.stringify(provider))));
      expect(problems.some((found) => found.includes(problem))).toBe(true);
    });

    it("refuses a provider listed twice", () => {
      expect(problemsOf(withProviders(google, google))).toEqual([
        'socialLogin.providers.1.type: "Google" is listed twice',
      ]);
    });
  });

  it("reports an app user-agent pattern that is not a regular expression", () => {
    const [problem] = problemsOf(storeWith((s) => (s.appUserAgentPattern = "SoramiruApp/(\\d+")));
    expect(problem).toMatch(/^appUserAgentPattern: is not a valid regular expression/);
  });

  it("reports every problem at once, not just the first", () => {
    const problems = problemsOf(
      storeWith((s) => {
        s.theme = "blue";
        s.colors.playerColor = "#12345";
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        'theme: must be one of "light", "dark"',
        "colors.playerColor: must be a colour written as #rrggbb",
      ]),
    );
  });

  it("puts the source and each problem in the error message", () => {
    expect(() =>
      parseStoreSettings(
        storeWith((s) => (s.theme = "blue")),
        "/srv/store.json",
      ),
    ).toThrow('Invalid store settings in /srv/store.json:\n  - theme: must be one of "light", "dark"');
  });

  it("treats malformed JSON as invalid settings", () => {
    expect(() => parseStoreSettingsText("{ not json", "store.json")).toThrow(StoreSettingsError);
    expect(() => parseStoreSettingsText("{ not json", "store.json")).toThrow(/\(file\): is not valid JSON/);
  });
});
