import { render } from "@testing-library/react";
import userEvent, { type Options as UserEventOptions } from "@testing-library/user-event";
import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { settingsForTheBrowser } from "../app/lib/browser-settings.ts";
import type { RootData } from "../app/root.tsx";
import storeJson from "../config/store.json" with { type: "json" };
import enResources from "../locales/en/index.ts";
import { createI18n, type I18n } from "../locales/i18n.ts";
import type { Language } from "../locales/index.ts";
import jaResources from "../locales/ja/index.ts";
import type { StoreSettings } from "../schemas/types/store-settings.gen.ts";

/** The demo store "ソラミル" of config/store.json. */
export const demoStore = storeJson as StoreSettings;

/** Root loader data for a logged-out desktop visitor of the demo store, with overrides. */
export function makeRootData(overrides: Partial<RootData> = {}): RootData {
  return {
    authId: null,
    memberLabel: null,
    profileImageUrl: null,
    // What the root loader sends: a component reading more than that fails here, as in a browser.
    storeSettingData: settingsForTheBrowser(demoStore),
    storeSettingVersion: "demo",
    browserInfo: { isApp: false, isAndroid: false, isMobile: false },
    language: "ja",
    recaptchaScriptUrl: null,
    ...overrides,
  };
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

export interface RenderRoutesOptions {
  /** The URL the memory router starts at. */
  url?: string;
  language?: Language;
  /** The root route's loader data (route id "root", read by useRootData/useShellData); null = the root loader failed. */
  root?: RootData | null;
  /** An ErrorBoundary for the root route, e.g. app/root.tsx's. */
  rootErrorBoundary?: ComponentType;
  user?: UserEventOptions;
  /** A ready instance (see createTestI18n), so tests can install fake timers before rendering. */
  i18n?: I18n;
}

/** A translator with the real resources of one language. */
export async function createTestI18n(language: Language = "ja"): Promise<I18n> {
  return createI18n(language, { [language]: language === "en" ? enResources : jaResources });
}

function NoHydrateFallback() {
  return null;
}

/** Carries the element of renderElement into its route without defining a component per call. */
const ElementUnderTest = createContext<ReactNode>(null);

function ElementRoute() {
  return useContext(ElementUnderTest);
}

/**
 * Renders one element as the index page, with router, root data and i18n around it; `siblingRoutes`
 * are places its links can lead to.
 */
export async function renderElement(
  element: ReactNode,
  { siblingRoutes = [], ...options }: RenderRoutesOptions & { siblingRoutes?: StubRoutes } = {},
) {
  const routes: StubRoutes = [{ index: true, Component: ElementRoute }, ...siblingRoutes];
  const { tree, user, i18n } = await routesTree(routes, options);
  const result = render(<ElementUnderTest.Provider value={element}>{tree}</ElementUnderTest.Provider>);
  return { user, i18n, ...result };
}

/**
 * Renders route objects below a stub root route (id "root", path "/") inside a translation provider
 * with the real translation resources. Child routes use relative paths ("logout", "app/licenses").
 */
export async function renderRoutes(routes: StubRoutes, options: RenderRoutesOptions = {}) {
  const { tree, user, i18n } = await routesTree(routes, options);
  return { user, i18n, ...render(tree) };
}

async function routesTree(routes: StubRoutes, options: RenderRoutesOptions) {
  const language = options.language ?? "ja";
  const root = options.root === undefined ? makeRootData({ language }) : options.root;
  const i18n = options.i18n ?? (await createTestI18n(language));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: root ? () => root : undefined,
      HydrateFallback: NoHydrateFallback,
      ErrorBoundary: options.rootErrorBoundary,
      children: routes,
    },
  ]);
  const tree = (
    <I18nextProvider i18n={i18n}>
      <Stub
        initialEntries={[options.url ?? "/"]}
        hydrationData={root ? { loaderData: { root } } : undefined}
      />
    </I18nextProvider>
  );
  return { tree, user: userEvent.setup(options.user), i18n };
}
