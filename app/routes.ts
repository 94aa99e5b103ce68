import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { SCREENS } from "../screens/index.ts";
import type { ScreenLayout } from "../screens/screen-definition.ts";

const LAYOUT_FILES: Record<ScreenLayout, string> = {
  guest: "layouts/guest-layout.tsx",
  login: "layouts/login-layout.tsx",
  account: "layouts/account-layout.tsx",
  oidc: "layouts/oidc-layout.tsx",
};

/**
 * Special screens with a route module of their own (ARCHITECTURE.md "Configuration first"), by
 * screen id. The login screens post plain HTML forms, so they work before hydration and do not
 * ship rjsf and ajv.
 */
const SCREEN_ROUTE_FILES: Readonly<Record<string, string>> = {
  login: "routes/login.tsx",
  "login-code": "routes/login.tsx",
};

/**
 * Every declarative screen (screens/) under its layout. Screens with forms use the form route, the
 * others a route that ships no form code; special screens use their own.
 */
function screenRoutes(layoutName: ScreenLayout): RouteConfigEntry[] {
  return SCREENS.filter((screen) => screen.layout === layoutName).flatMap((screen) => {
    const file =
      SCREEN_ROUTE_FILES[screen.id] ??
      (screen.forms.length > 0 ? "routes/form-screen.tsx" : "routes/screen.tsx");
    return screen.paths.map((path, index) =>
      route(path.slice(1), file, { id: `screen:${screen.id}${index === 0 ? "" : `:${index}`}` }),
    );
  });
}

export default [
  layout(LAYOUT_FILES.guest, [
    index("routes/home.tsx"),
    route("logout", "routes/logout.tsx"),
    route("app/licenses", "routes/app-licenses.tsx"),
    ...screenRoutes("guest"),
  ]),
  layout(LAYOUT_FILES.login, screenRoutes("login")),
  layout(LAYOUT_FILES.account, [route("mypage", "routes/mypage.tsx"), ...screenRoutes("account")]),
  layout(LAYOUT_FILES.oidc, [route("oidc/error", "routes/oidc-error.tsx"), ...screenRoutes("oidc")]),
  // Precompiled form validators (ADR 0012): a resource route, no page.
  route("form-validators/:file", "routes/form-validator.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
