/**
 * Screen data for the gallery from the real API (issue 21 §4): the API runs in-process on a fresh
 * database with the seeded policies, under the store being rendered, and each screen gets what a
 * browser gets after walking the flow that leads to it, in the gallery's language. A screen whose
 * state this walk cannot reach keeps its fixture (tests/fixtures/screens), and the index says so.
 */
import type { Language } from "../../locales/index.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import { SocialLogin } from "../../server/social/providers.ts";
import {
  closeIdleTestDatabases,
  createTestApi,
  insertAccount,
  mailedCode,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import type { ScreenData } from "./fixtures.ts";

/** Where a gallery page's screen data came from. */
export type ScreenDataSource =
  /** The API's answer after the flow that leads to the screen. */
  | "api"
  /** The screen loads no data. */
  | "none"
  /** A fixture: the walk does not reach the state (`reason` says why). */
  | "fixture";

export interface GalleryScreenData {
  data: ScreenData;
  source: ScreenDataSource;
  /** Why a fixture stands in, e.g. "this store redirects /signup to /signup/auth". */
  reason?: string;
}

async function json(response: Response): Promise<ScreenData> {
  return (await response.json()) as ScreenData;
}

/** A visitor's browser part-way through sign-up, and the member behind a logged-in one. */
interface Walk {
  t: TestApi;
  language: Language;
  guest: () => TestBrowser;
}

async function signUpUntil(walk: Walk, step: "pin-code" | "form"): Promise<TestBrowser> {
  // One address per walk: the same address again within 30 s would be a resend, refused.
  const email = `gallery-${step}@example.jp`;
  const browser = walk.guest();
  const auth = await json(await browser.get("/zapi/internal/signup/auth/screen-data"));
  const policies = Array.isArray(auth.policies)
    ? (auth.policies as { policyId: string; revision: number; key: string }[])
    : [];
  await browser.post("/zapi/signup/email", {
    type: "signUp",
    email,
    policyConsentData: policies.map(({ policyId, revision, key }) => ({ policyId, revision, key })),
  });
  if (step === "form") {
    await browser.post("/zapi/signup/pin-code", { pinCode: mailedCode(walk.t.outbox, email) });
  }
  return browser;
}

/** A member logged in with a password (the account area's screens). */
async function signedInMember(walk: Walk, options: { withoutConsent?: boolean } = {}): Promise<TestBrowser> {
  const member = await insertAccount(walk.t, options);
  const browser = walk.guest();
  await browser.post("/zapi/login", {
    emailUserId: member.email,
    password: member.password,
    loginMethod: "Password",
  });
  return browser;
}

/** A member asked to agree to the policies in force (revised since they last agreed). */
const memberWithPoliciesToAgree = (walk: Walk) => signedInMember(walk, { withoutConsent: true });

/** The browser each screen's data is read with: the flow a visitor takes to reach the screen. */
const WALKS: Record<string, (walk: Walk) => Promise<TestBrowser>> = {
  "signup-pin-code": (walk) => signUpUntil(walk, "pin-code"),
  "signup-form": (walk) => signUpUntil(walk, "form"),
  "signup-policy": memberWithPoliciesToAgree,
  "login-code": async (walk) => {
    const member = await insertAccount(walk.t);
    const browser = walk.guest();
    await browser.post("/zapi/login/code", { email: member.email });
    return browser;
  },
};

/**
 * Social login as a store with every secret set has it: the gallery reaches no provider (a page
 * only links to /auth/authorize), so stand-in secrets let its pages show the buttons the store's
 * enabled providers would have.
 */
function galleryLogins(settings: StoreSettings): SocialLogin {
  const providers = settings.socialLogin?.providers ?? [];
  return new SocialLogin({
    secrets: Object.fromEntries(providers.map(({ type }) => [type, "gallery-stand-in"])),
  });
}

/**
 * Each screen's data as the API gives it under `settings` in `language`; `fixtureOf` supplies the
 * stand-in for a state the walk does not reach (the API answers with a redirect or an error).
 */
export async function screenDataFromApi(
  screens: readonly ScreenDefinition[],
  settings: StoreSettings,
  language: Language,
  fixtureOf: (screen: ScreenDefinition) => ScreenData,
): Promise<Map<string, GalleryScreenData>> {
  const t = await createTestApi({ settings, deps: { social: galleryLogins(settings) } });
  const walk: Walk = { t, language, guest: () => new TestBrowser(t, { language }) };
  const result = new Map<string, GalleryScreenData>();
  try {
    for (const screen of screens) {
      if (!screen.screenData) {
        result.set(screen.id, { data: {}, source: "none" });
        continue;
      }
      const walkTo = WALKS[screen.id] ?? (screen.access === "member" ? signedInMember : undefined);
      const browser = await (walkTo?.(walk) ?? Promise.resolve(walk.guest()));
      const response = await browser.get(`/zapi/internal/${screen.screenData}/screen-data`);
      const data = await json(response);
      if (response.ok && typeof data.redirectTo !== "string") {
        result.set(screen.id, { data, source: "api" });
      } else {
        const reason =
          typeof data.redirectTo === "string"
            ? `the API sends the visitor on to ${data.redirectTo}`
            : `the API answered ${response.status}`;
        result.set(screen.id, { data: fixtureOf(screen), source: "fixture", reason });
      }
    }
  } finally {
    await t.close();
    await closeIdleTestDatabases();
  }
  return result;
}
