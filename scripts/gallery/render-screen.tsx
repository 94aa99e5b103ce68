/**
 * One screen definition as a standalone HTML document: the app's own layout, ScreenView and
 * ScreenForms inside a static data router, with the store's root data and the screen's fixture as
 * loader data, rendered by react-dom/server. Nothing here talks to the API.
 */
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { PlainForm } from "../../app/components/plain-form/plain-form.tsx";
import { ROUTE_CONTENTS } from "../../app/components/screen/contents/index.ts";
import { ScreenForms } from "../../app/components/screen/screen-forms.tsx";
import { ScreenView } from "../../app/components/screen/screen-view.tsx";
import { themeStyle } from "../../app/components/shell/theme.ts";
import AccountLayout from "../../app/layouts/account-layout.tsx";
import GuestLayout from "../../app/layouts/guest-layout.tsx";
import LoginLayout from "../../app/layouts/login-layout.tsx";
import OidcLayout from "../../app/layouts/oidc-layout.tsx";
import { settingsForTheBrowser } from "../../app/lib/browser-settings.ts";
import { buildFormsOfScreen } from "../../app/lib/screen-form-build.server.ts";
import {
  type ScreenLoaderData,
  screenBodies,
  withScreenDataWording,
} from "../../app/lib/screen-loader.server.ts";
import { fillPath } from "../../app/lib/screens.ts";
import type { RootData } from "../../app/root.tsx";
import { screenRouteFile } from "../../app/routes.ts";
import type { I18n } from "../../locales/i18n.ts";
import type { Language } from "../../locales/index.ts";
import type { StoreSettings } from "../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition, ScreenLayout } from "../../screens/screen-definition.ts";
import { SchemaForm } from "../../widgets/schema-form.tsx";

const LAYOUTS: Record<ScreenLayout, ComponentType> = {
  guest: GuestLayout,
  login: LoginLayout,
  account: AccountLayout,
  oidc: OidcLayout,
};

/** The account id the header and account pages see on members-only screens. */
const GALLERY_MEMBER_ID = "gallery-member";

/** A made-up origin: the static handler needs absolute request URLs. */
const ORIGIN = "http://gallery.invalid";

export interface ScreenRenderInput {
  screen: ScreenDefinition;
  settings: StoreSettings;
  settingsVersion: string;
  language: Language;
  i18n: I18n;
  screenData: Readonly<Record<string, unknown>>;
  /** Values of the `:name` segments of the screen's first path. */
  params: Readonly<Record<string, string>>;
  /** The site's CSS, inlined so the file renders without a server. */
  css: string;
}

/** What the app's root loader would return for this store and screen. */
function rootDataOf({ screen, settings, settingsVersion, language }: ScreenRenderInput): RootData {
  return {
    authId: screen.access === "member" ? GALLERY_MEMBER_ID : null,
    memberLabel: screen.access === "member" ? "hanako.yamada@example.jp" : null,
    profileImageUrl: null,
    storeSettingData: settingsForTheBrowser(settings),
    storeSettingVersion: settingsVersion,
    browserInfo: { isApp: false, isAndroid: false, isMobile: false },
    language,
    recaptchaScriptUrl: null,
  };
}

/** What routes/form-screen.tsx and routes/screen.tsx render: the frame, and the forms on form screens. */
function GalleryScreen({ settings }: { settings: StoreSettings }) {
  const { screen, screenData, bodies } = useLoaderData() as ScreenLoaderData;
  // As useRootData() of app/root.tsx, without loading the root route module and its server calls.
  const root = useRouteLoaderData("root") as RootData;
  return (
    <ScreenView
      screen={screen}
      screenData={screenData}
      bodies={bodies}
      contents={ROUTE_CONTENTS[screenRouteFile(screen)]}
    >
      {screen.forms.length > 0 && (
        <ScreenForms
          screen={screen}
          screenData={screenData}
          builtForms={buildFormsOfScreen(screen, {
            // The form screen's loader builds forms from the whole settings, as here.
            settings,
            settingsVersion: root.storeSettingVersion,
            screenData,
          })}
          renderer={screen.formRenderer === "plain" ? PlainForm : SchemaForm}
        />
      )}
    </ScreenView>
  );
}

/** The route tree of app/routes.ts for one screen: root → the screen's layout → the screen. */
function routesOf(input: ScreenRenderInput): RouteObject[] {
  const { screen, screenData, params } = input;
  const root = rootDataOf(input);
  const loaderData: ScreenLoaderData = {
    screen: withScreenDataWording(screen, screenData),
    params: { ...params },
    screenData: { ...screenData },
    bodies: screenBodies(screen, screenData),
    // Read by the account layout: completion pages hide the menu, the others show a Back link.
    accountNav: {
      ...(screen.hideMenu ? { hideMenu: true } : {}),
      ...(screen.backTo ? { backTo: screen.backTo } : {}),
    },
  };
  return [
    {
      id: "root",
      path: "/",
      loader: () => root,
      Component: Outlet,
      children: [
        {
          id: `layout:${screen.layout}`,
          Component: LAYOUTS[screen.layout],
          children: [
            {
              id: `screen:${screen.id}`,
              path: screen.paths[0].slice(1),
              loader: () => loaderData,
              element: <GalleryScreen settings={input.settings} />,
            },
          ],
        },
      ],
    },
  ];
}

/** Renders the screen as a complete HTML document. */
export async function renderScreenDocument(input: ScreenRenderInput): Promise<string> {
  const { screen, settings, language, i18n, params, css } = input;
  const handler = createStaticHandler(routesOf(input));
  const url = new URL(fillPath(screen.paths[0], params), ORIGIN);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    throw new Error(`Screen ${screen.id} answered ${context.status} instead of rendering`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToStaticMarkup(
    <html lang={language} data-theme={settings.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{css}</style>
        <style>{themeStyle(settings.colors)}</style>
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
