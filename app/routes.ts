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
 * Every declarative screen (screens/) under its layout. Screens with forms use the form route, the
 * others a route that ships no form code.
 */
function screenRoutes(layoutName: ScreenLayout): RouteConfigEntry[] {
  return SCREENS.filter((screen) => screen.layout === layoutName).flatMap((screen) =>
    screen.paths.map((path, index) =>
      route(path.slice(1), screen.forms.length > 0 ? "routes/form-screen.tsx" : "routes/screen.tsx", {
        id: `screen:${screen.id}${index === 0 ? "" : `:${index}`}`,
      }),
    ),
  );
}

export default [
  layout(LAYOUT_FILES.guest, [
    index("routes/home.tsx"),
    route("logout", "routes/logout.tsx"),
    route("app/licenses", "routes/app-licenses.tsx"),
    ...screenRoutes("guest"),
  ]),
  layout(LAYOUT_FILES.login, screenRoutes("login")),
  layout(LAYOUT_FILES.account, screenRoutes("account")),
  layout(LAYOUT_FILES.oidc, [route("oidc/error", "routes/oidc-error.tsx"), ...screenRoutes("oidc")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
