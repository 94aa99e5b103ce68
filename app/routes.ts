import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("layouts/guest-layout.tsx", [
    index("routes/home.tsx"),
    route("logout", "routes/logout.tsx"),
    route("app/licenses", "routes/app-licenses.tsx"),
  ]),
  layout("layouts/oidc-layout.tsx", [route("oidc/error", "routes/oidc-error.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
