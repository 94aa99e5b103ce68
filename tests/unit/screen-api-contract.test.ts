import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { layout, route } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import type { ScreenDefinition, ScreenLayout } from "../../screens/screen-definition.ts";
import { isRoutedPath, ROUTED_SCREENS, SCREEN_ROUTES, screenRoutesOf } from "../../scripts/routed-screens.ts";
import { apiEndpoints } from "../../server/api/app.ts";
import { createTestApi } from "../api-harness.ts";
import {
  callsOfScreens,
  callsWithoutHandler,
  pagePostsOfScreens,
  type ScreenApiCall,
} from "../screen-api-contract.ts";

const format = (calls: readonly ScreenApiCall[]) =>
  calls.map((call) => `${call.screenId}: ${call.method} ${call.path}`);

async function endpointsOfTheApi() {
  const t = await createTestApi();
  try {
    return apiEndpoints(t.api);
  } finally {
    await t.close();
  }
}

const LAYOUT_FILES: Record<ScreenLayout, string> = {
  guest: "layouts/guest-layout.tsx",
  login: "layouts/login-layout.tsx",
  account: "layouts/account-layout.tsx",
  oidc: "layouts/oidc-layout.tsx",
};

describe("app/routes.ts routes a screen only once its API exists", () => {
  it("every call a routed screen declares has a handler in the API", async () => {
    expect(ROUTED_SCREENS.length).toBeGreaterThan(0);
    expect(format(callsWithoutHandler(callsOfScreens(ROUTED_SCREENS), await endpointsOfTheApi()))).toEqual(
      [],
    );
  });

  it("routes every path of a routed screen, under the screen's layout", () => {
    for (const screen of ROUTED_SCREENS) {
      const routesOfScreen = SCREEN_ROUTES.filter((screenRoute) => screenRoute.screenId === screen.id);
      expect(
        routesOfScreen.map((screenRoute) => screenRoute.path),
        screen.id,
      ).toEqual([...screen.paths]);
      for (const screenRoute of routesOfScreen) {
        expect(screenRoute.layoutFile, screenRoute.path).toBe(LAYOUT_FILES[screen.layout]);
      }
    }
  });

  it("routes a completion page only with the flow that leads to it", () => {
    const routedPaths = new Set(SCREEN_ROUTES.map((screenRoute) => screenRoute.path));
    // "…/delete/complete" follows a delete made on the page itself (the payment method list); a
    // social link begins at /auth/authorize, an unlink on my page's list (issue 48).
    const flowElsewhere: Record<string, string> = {
      "/mypage/social/enable/complete": "/auth/authorize",
      "/mypage/social/disable/complete": "/mypage",
    };
    const flowOf = (path: string) => path.slice(0, -"/complete".length).replace(/\/delete$/, "");
    const orphans = [...routedPaths].filter((path) => {
      if (!path.endsWith("/complete")) return false;
      const elsewhere = flowElsewhere[path];
      return elsewhere ? !isRoutedPath(elsewhere) : !routedPaths.has(flowOf(path));
    });
    expect(orphans).toEqual([]);
  });

  it("sets page titles one way: no route module exports `meta` (pages render PageTitle)", () => {
    const appDir = resolve(import.meta.dirname, "../../app");
    const modules = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(modules.length).toBeGreaterThan(20);
    const withMeta = modules.filter((file) =>
      /export (const|function|async function) meta\b/.test(readFileSync(join(appDir, file), "utf8")),
    );
    expect(withMeta).toEqual([]);
  });

  it("tells a routed page from a URL that only the 404 route answers", () => {
    for (const path of [
      "/",
      "/mypage",
      "/mypage/login-history",
      "/signup/email",
      "/login/code",
      "/app/licenses",
    ]) {
      expect(isRoutedPath(path), path).toBe(true);
    }
    for (const path of ["/auth/no-such-step", "/mypage/multi-factor/fax", "/no-such-page"]) {
      expect(isRoutedPath(path), path).toBe(false);
    }
  });

  it("posts a plain form only to a page that is routed", () => {
    const routed = new Set(SCREEN_ROUTES.map((screenRoute) => screenRoute.path));
    const posts = pagePostsOfScreens(ROUTED_SCREENS);
    expect(posts.length).toBeGreaterThan(0);
    expect(format(posts.filter((post) => !routed.has(post.path)))).toEqual([]);
  });
});

describe("the contract check itself", () => {
  const screen = (overrides: Partial<ScreenDefinition>): ScreenDefinition => ({
    id: "probe",
    paths: ["/probe"],
    layout: "guest",
    access: "any",
    titleKey: "probe",
    forms: [],
    ...overrides,
  });
  const endpoints = [
    { method: "GET", path: "/zapi/internal/login/screen-data" },
    { method: "POST", path: "/zapi/login" },
    { method: "GET", path: "/zapi/postal-code/:postalCode" },
  ];

  it("fails for a screen whose screen data has no handler", () => {
    const calls = callsOfScreens([screen({ screenData: "no-such-page" })]);
    expect(format(callsWithoutHandler(calls, endpoints))).toEqual([
      "probe: GET /zapi/internal/no-such-page/screen-data",
    ]);
  });

  it("fails for a submit or a resend without a handler, and for the wrong method", () => {
    const form = (path: string, method: "POST" | "DELETE" = "POST") => ({
      builder: "login" as never,
      submit: { method, path },
      resend: { path: "/zapi/no-resend" },
      submitLabelKey: "x",
    });
    const calls = callsOfScreens([
      screen({ forms: [form("/zapi/login"), form("/zapi/login", "DELETE"), form("/zapi/missing")] }),
    ]);
    expect(format(callsWithoutHandler(calls, endpoints))).toEqual([
      "probe: POST /zapi/no-resend",
      "probe: DELETE /zapi/login",
      "probe: POST /zapi/missing",
    ]);
  });

  it("passes a call whose parameters the endpoint's pattern takes", () => {
    const calls = callsOfScreens([
      screen({ screenData: "login", forms: [] }),
      { ...screen({}), id: "zip", forms: [] },
    ]);
    const withParam = [{ screenId: "zip", method: "GET", path: "/zapi/postal-code/:code" }];
    expect(callsWithoutHandler([...calls, ...withParam], endpoints)).toEqual([]);
  });

  it("reads screen routes and their layouts from a route config", () => {
    const config = [
      layout("layouts/a.tsx", [
        route("/probe", "routes/form-screen.tsx", { id: "screen:probe" }),
        route("/probe-alias", "routes/form-screen.tsx", { id: "screen:probe:1" }),
        route("/other", "routes/other.tsx"),
      ]),
      route("/outside", "routes/screen.tsx", { id: "screen:outside" }),
    ];
    expect(screenRoutesOf(config)).toEqual([
      { screenId: "probe", path: "/probe", layoutFile: "layouts/a.tsx" },
      { screenId: "probe", path: "/probe-alias", layoutFile: "layouts/a.tsx" },
      { screenId: "outside", path: "/outside", layoutFile: undefined },
    ]);
  });
});
