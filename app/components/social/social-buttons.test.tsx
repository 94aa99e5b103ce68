// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { screenById } from "../../../screens/index.ts";
import { renderRoutes } from "../../../tests/render.tsx";
import { screenBodies } from "../../lib/screen-loader.server.ts";
import { ScreenView } from "../screen/screen-view.tsx";

const offered = {
  userIdentifierList: [
    { userIdentifierType: "YahooJapan", userIdentifierName: "Yahoo! JAPAN" },
    { userIdentifierType: "Facebook", userIdentifierName: "Facebook" },
  ],
};

/** A screen's frame as its route draws it (without the forms), from the loader's screen data. */
function Frame() {
  const { screenId, screenData } = useLoaderData<{ screenId: string; screenData: Record<string, unknown> }>();
  const definition = screenById(screenId);
  if (!definition) throw new Error(`no screen ${screenId}`);
  return (
    <ScreenView screen={definition} screenData={screenData} bodies={screenBodies(definition, screenData)} />
  );
}

function renderFrame(screenId: string, url: string, screenData: Record<string, unknown>) {
  const path = url.split("?")[0]?.slice(1);
  return renderRoutes([{ path, loader: () => ({ screenId, screenData }), Component: Frame }], { url });
}

describe("the social buttons a screen asks for (issue 48 §3)", () => {
  it("offers signing up through each provider on /signup/auth, in order", async () => {
    await renderFrame("signup-auth", "/signup/auth?returnTo=%2Fplans", offered);
    const social = await screen.findByRole("region", { name: "他のサービスのアカウントで続ける" });
    const links = within(social).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Yahoo! JAPANで登録", "Facebookで登録"]);
    expect(links[1]).toHaveAttribute(
      "href",
      "/auth/authorize?userIdentifierType=Facebook&socialActionType=signup&returnTo=%2Fplans",
    );
  });

  it("draws nothing when the API offers no provider", async () => {
    await renderFrame("signup-auth", "/signup/auth", { userIdentifierList: [] });
    await screen.findByRole("heading", { level: 1 });
    expect(
      screen.queryByRole("region", { name: "他のサービスのアカウントで続ける" }),
    ).not.toBeInTheDocument();
  });

  it("is not asked for inside the login provider's flow", () => {
    expect(screenById("oidc-login")?.socialLogin).toBeUndefined();
    expect(screenById("oidc-signup-auth")?.socialLogin).toBeUndefined();
    expect(screenById("login-code")?.socialLogin).toBeUndefined();
  });
});
