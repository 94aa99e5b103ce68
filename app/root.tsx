import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { detectLanguage, LANGUAGE_COOKIE } from "../locales/language.ts";
import type { Route } from "./+types/root";
import { RouteErrorPage } from "./components/error-page.tsx";
import { GtmBody, GtmHead } from "./components/shell/gtm.tsx";
import { MainContent, useFocusOnNavigation } from "./components/shell/main-content.tsx";
import { SiteShell } from "./components/shell/site-shell.tsx";
import { themeStyle } from "./components/shell/theme.ts";
import { useBackForwardAuthCheck } from "./lib/back-forward.ts";
import { parseBrowserInfo } from "./lib/browser-info.ts";
import { settingsForTheBrowser } from "./lib/browser-settings.ts";
import { useNonce } from "./lib/nonce.tsx";
import { ROOT_SCREEN_DATA } from "./lib/screen-data-shapes.server.ts";
import { switchBrowserLanguage } from "./lib/translations/browser.ts";
import { loadScreenData } from "./lib/zapi.server.ts";
import "./styles/app.css";

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  // Set-Cookie of the root data (the sliding session) and of the language choice go to the browser.
  const headers = new Headers();
  const { authId, memberLabel, profileImageUrl, storeSettingData, storeSettingVersion } =
    await loadScreenData(args, "/root", headers, ROOT_SCREEN_DATA);
  const language = detectLanguage(request);
  const browserInfo = parseBrowserInfo(
    request.headers.get("User-Agent"),
    storeSettingData.appUserAgentPattern,
  );
  if (new URL(request.url).searchParams.has("lng")) {
    const secure = args.context.publicOrigin?.startsWith("https://") ? "; Secure" : "";
    headers.append(
      "Set-Cookie",
      `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`,
    );
  }
  // Where the reCAPTCHA script loads from is the server's setting (RECAPTCHA_SCRIPT_URL; null =
  // Google's), said only while the store enables reCAPTCHA: otherwise pages carry no trace of it.
  const recaptchaScriptUrl = storeSettingData.login.recaptcha?.enabled
    ? (args.context.recaptchaScriptUrl ?? null)
    : null;
  return data(
    {
      authId,
      memberLabel: memberLabel ?? null,
      // Only ever this site's own path (the API names it); anything else shows the default icon.
      profileImageUrl: profileImageUrl?.startsWith("/zapi/account/profile-image?") ? profileImageUrl : null,
      storeSettingData: settingsForTheBrowser(storeSettingData),
      storeSettingVersion,
      browserInfo,
      language,
      recaptchaScriptUrl,
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root data, for any component below the root. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const store = root?.storeSettingData;
  const nonce = useNonce();
  return (
    <html lang={root?.language ?? i18n.language} data-theme={store?.theme ?? "light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {store && <link rel="icon" href={store.images.favicon} />}
        {store && <link rel="apple-touch-icon" href={store.images.appleTouchIcon} />}
        {store && <style>{themeStyle(store.colors)}</style>}
        {store?.gtmId && <GtmHead gtmId={store.gtmId} nonce={nonce} />}
        {/* Titles and other head tags come from the pages themselves (PageTitle); no route `meta`. */}
        <Links />
      </head>
      <body>
        {store?.gtmId && <GtmBody gtmId={store.gtmId} />}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { language, authId } = loaderData;
  useBackForwardAuthCheck(authId);
  useFocusOnNavigation();

  // A client-side navigation with ?lng= switches language once the other texts are loaded.
  useEffect(() => {
    if (i18n.language !== language) void switchBrowserLanguage(language);
  }, [i18n.language, language]);

  return <Outlet />;
}

/** Any error no deeper boundary handled: the error page inside the site shell (spec §2, §8). */
export function ErrorBoundary() {
  return (
    <SiteShell>
      <MainContent className="site-main">
        <RouteErrorPage />
      </MainContent>
    </SiteShell>
  );
}
