/**
 * Screen data for the gallery without a running API: one JSON file per screen id under
 * tests/fixtures/screens (what GET /zapi/internal/{path}/screen-data returns for a typical member
 * or visitor), plus the values of route parameters. The parts of the answer the API derives from
 * the store settings are derived here from the store being rendered, so a gallery of any store
 * shows that store's login options and sign-up steps.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { signupSteps } from "../../schemas/signup-steps.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import { parseStoreSettingsText } from "../../server/store/validate-settings.ts";

export type ScreenData = Record<string, unknown>;

export interface ScreenFixtures {
  /** Screen data by screen id. */
  screenData: ReadonlyMap<string, ScreenData>;
  /** Route parameter values by screen id, for screens whose path has `:name` segments. */
  routeParams: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const FIXTURES_DIR = resolve(import.meta.dirname, "../../tests/fixtures");

/** The store configurations every screen is tested under (tests/fixtures/stores), by file name. */
export function storeMatrix(): { name: string; settings: StoreSettings }[] {
  const dir = join(FIXTURES_DIR, "stores");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      name: basename(file, ".json"),
      settings: parseStoreSettingsText(readFileSync(join(dir, file), "utf8"), file),
    }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

function readRouteParams(path: string): ScreenFixtures["routeParams"] {
  const value = readJson(path);
  if (!isRecord(value)) throw new Error(`${path}: must map screen ids to parameter objects`);
  return Object.fromEntries(
    Object.entries(value).map(([screenId, params]) => {
      const valid = isRecord(params) && Object.values(params).every((v) => typeof v === "string");
      if (!valid) throw new Error(`${path}: "${screenId}" must map parameter names to strings`);
      return [screenId, params as Record<string, string>];
    }),
  );
}

/** Reads `<dir>/screens/<screen-id>.json` and `<dir>/route-params.json`. */
export function loadScreenFixtures(dir: string = FIXTURES_DIR): ScreenFixtures {
  const screensDir = join(dir, "screens");
  const screenData = new Map<string, ScreenData>();
  for (const file of readdirSync(screensDir).filter((name) => name.endsWith(".json"))) {
    const path = join(screensDir, file);
    const value = readJson(path);
    if (!isRecord(value)) throw new Error(`${path}: screen data must be a JSON object`);
    screenData.set(basename(file, ".json"), value);
  }
  return { screenData, routeParams: readRouteParams(join(dir, "route-params.json")) };
}

/**
 * What the screen-data API takes from the store settings rather than from the account or the
 * database, keyed by the screen-data path (spec §3 Login page data, Sign-up page data; §4 Sign-up
 * sequence), as server/identity/login-screen-data.ts and signup.ts answer.
 */
export function storeDerivedScreenData(dataPath: string, settings: StoreSettings): ScreenData {
  switch (dataPath) {
    case "login":
      return {
        isEnabledUserId: settings.features.isEnabledUserId,
        isEnabledPassword: settings.features.isEnabledPassword,
        isEnabledAuthCode: settings.login.isEnabledAuthCode,
        defaultLoginType: settings.login.defaultLoginType,
        isRecaptchaEnabled: settings.login.recaptcha?.enabled === true,
      };
    case "signup":
    case "signup/auth":
    case "signup/pin-code":
    case "signup/form":
    case "auth/callback/form": {
      const isPreShowPolicy = settings.signUp?.isPreShowPolicy === true;
      const steps = signupSteps(isPreShowPolicy);
      const currentCount = {
        signup: steps.policyStep,
        "signup/auth": steps.emailStep,
        "signup/pin-code": steps.pinStep,
        "signup/form": steps.formStep,
        "auth/callback/form": steps.formStep,
      }[dataPath];
      return {
        isPreShowPolicy,
        totalCount: steps.totalCount,
        currentCount,
        ...(dataPath === "signup/form" || dataPath === "auth/callback/form"
          ? { isRequiredPassword: settings.signUp?.isRequiredPassword === true }
          : {}),
      };
    }
    case "mypage/payment-method": {
      // As the API answers (server/payments/payment-method-routes.ts): the campaign code is entered with a
      // purchase, and a card needs the provider's ids.
      const provider = settings.paymentProvider;
      const paymentMethodTypes = (settings.storePaymentMethods ?? []).filter(
        (type) => type !== "CampaignCode" && (type !== "SbpsCredit" || provider),
      );
      return {
        paymentMethodTypes,
        paymentProvider:
          provider && paymentMethodTypes.includes("SbpsCredit")
            ? {
                merchantId: provider.merchantId ?? "",
                serviceId: provider.serviceId ?? "",
                tokenScriptUrl: provider.tokenScriptUrl ?? "",
                tds2ScriptUrl: provider.tds2ScriptUrl ?? "",
              }
            : null,
      };
    }
    default:
      return {};
  }
}

/** The screen data a screen renders with under this store; `{}` for screens that load none. */
export function screenDataFor(
  screen: ScreenDefinition,
  settings: StoreSettings,
  fixtures: ScreenFixtures,
): ScreenData {
  if (!screen.screenData) return {};
  const fixture = fixtures.screenData.get(screen.id);
  if (!fixture) {
    throw new Error(
      `No screen data fixture for "${screen.id}": add tests/fixtures/screens/${screen.id}.json`,
    );
  }
  return { ...fixture, ...storeDerivedScreenData(screen.screenData, settings) };
}

/** The `:name` segments of a route path. */
export function routeParamNames(path: string): string[] {
  return Array.from(path.matchAll(/:([A-Za-z0-9_]+)/g), (match) => match[1] ?? "");
}

/** Values for every parameter of the screen's first path. */
export function routeParamsFor(screen: ScreenDefinition, fixtures: ScreenFixtures): Record<string, string> {
  const params = fixtures.routeParams[screen.id] ?? {};
  const missing = routeParamNames(screen.paths[0]).filter((name) => params[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `No value for route parameter(s) ${missing.join(", ")} of "${screen.id}": add them to tests/fixtures/route-params.json`,
    );
  }
  return { ...params };
}
