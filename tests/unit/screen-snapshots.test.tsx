import type { i18n as I18n } from "i18next";
import { createContext, type ReactNode, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ScreenForms } from "../../app/components/screen/screen-forms.tsx";
import jaResources from "../../locales/ja/index.ts";
import { buildScreenForm } from "../../schemas/forms/registry.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import {
  loadScreenFixtures,
  routeParamsFor,
  screenDataFor,
  storeMatrix,
} from "../../scripts/gallery/fixtures.ts";
import { parseHtml } from "../../scripts/gallery/parse-html.ts";
import { signupFormProblems } from "../../scripts/gallery/signup-fields.ts";
import { ROUTED_SCREENS } from "../../scripts/routed-screens.ts";
import { createTestI18n, makeRootData } from "../render.tsx";

const stores = storeMatrix();
const fixtures = loadScreenFixtures();
// Screens not built yet (not routed) come in with their API and their issue.
const formScreens = ROUTED_SCREENS.filter((screen) => screen.forms.length > 0);
const { form: badges } = jaResources as { form: { required: string; optional: string } };

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n("ja");
  // Widgets built from the current date (the card expiry years) must not change the snapshots yearly.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-15T10:00:00+09:00"));
});
afterAll(() => vi.useRealTimers());

/** The query strings that show each of the screen's forms (login has a password and a code mode). */
function modesOf(screen: ScreenDefinition): string[] {
  const searches = screen.forms.map(({ showWhen }) =>
    !showWhen || showWhen.equals === null
      ? ""
      : `?${new URLSearchParams({ [showWhen.query]: showWhen.equals })}`,
  );
  return [...new Set(searches)];
}

/** One element per line, so that a snapshot diff points at the element that changed. */
function formatMarkup(html: string): string {
  return html.replaceAll("><", ">\n<");
}

/** Carries the forms under test into the stub's route without defining a component per call. */
const FormsUnderTest = createContext<ReactNode>(null);

function FormsRoute() {
  return useContext(FormsUnderTest);
}

function renderForms(screen: ScreenDefinition, settings: StoreSettings, search: string): string {
  const screenData = screenDataFor(screen, settings, fixtures);
  const root = makeRootData({ storeSettingData: settings, storeSettingVersion: "snapshot" });
  // A data router with the root route's data, as on a page (the forms read it, e.g. for reCAPTCHA).
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => root, children: [{ path: "*", Component: FormsRoute }] },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <FormsUnderTest.Provider
        value={
          <ScreenForms
            screen={screen}
            screenData={screenData}
            params={routeParamsFor(screen, fixtures)}
            settings={settings}
            settingsVersion="snapshot"
          />
        }
      >
        <Stub initialEntries={[`${screen.paths[0]}${search}`]} hydrationData={{ loaderData: { root } }} />
      </FormsUnderTest.Provider>
    </I18nextProvider>,
  );
}

/** The built forms (without the version, which only names the build) and the rendered markup. */
function snapshotSection(screen: ScreenDefinition, settings: StoreSettings): string {
  const screenData = screenDataFor(screen, settings, fixtures);
  const definitions = screen.forms.map((form) => {
    const { id, schema, uiSchema } = buildScreenForm(form.builder, {
      settings,
      settingsVersion: "snapshot",
      screenData,
      options: form.builderOptions ?? {},
    });
    return `### form ${form.builder}\n${JSON.stringify({ id, schema, uiSchema }, null, 2)}`;
  });
  const markup = modesOf(screen).map(
    (search) =>
      `### markup ${screen.paths[0]}${search}\n${formatMarkup(renderForms(screen, settings, search))}`,
  );
  return [...definitions, ...markup].join("\n\n");
}

describe.each(formScreens.map((screen) => [screen.id, screen] as const))("%s", (_id, screen) => {
  it("builds and renders its forms as pinned, under every store configuration", async () => {
    const storesBySection = new Map<string, string[]>();
    for (const { name, settings } of stores) {
      const section = snapshotSection(screen, settings);
      storesBySection.set(section, [...(storesBySection.get(section) ?? []), name]);
    }
    const file = [
      `# ${screen.id} (${screen.paths.join(", ")})`,
      ...[...storesBySection].map(([section, names]) => `## stores: ${names.join(", ")}\n\n${section}`),
    ].join("\n\n");
    await expect(`${file}\n`).toMatchFileSnapshot(`__snapshots__/screen-snapshots/${screen.id}.snap`);
  });
});

describe("signup-form under every store configuration", () => {
  const signupForm = ROUTED_SCREENS.find((screen) => screen.id === "signup-form")!;

  it.each(stores.map(({ name, settings }) => [name, settings] as const))(
    "%s: a container exactly for each REQUIRED and OPTIONAL field, 必須 exactly on the REQUIRED ones",
    (_name, settings) => {
      const document = parseHtml(renderForms(signupForm, settings, ""));
      expect(signupFormProblems(document, settings, badges)).toEqual([]);
    },
  );
});
