// @vitest-environment jsdom

import { render, screen as view } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../../locales/i18n.ts";
import ja from "../../../../locales/ja/index.ts";
import { SCREENS } from "../../../../screens/index.ts";
import type { ScreenDefinition } from "../../../../screens/screen-definition.ts";
import subscriptionFixture from "../../../../tests/fixtures/screens/mypage-subscription-subscriptionId.json" with {
  type: "json",
};
import { SCREEN_BODY_SHAPES } from "../../../lib/screen-data-shapes.server.ts";
import { inShape } from "../../../lib/zapi.server.ts";
import { screenRouteFile } from "../../../routes.ts";
import type { ScreenBodies } from "../screen-bodies.ts";
import { ScreenView } from "../screen-view.tsx";
import { ROUTE_CONTENTS } from "./index.ts";

describe("the page bodies of each route", () => {
  const withBodies = SCREENS.filter((screen) => screen.intro || screen.content);

  it.each(withBodies.map((screen) => [screen.id, screen] as const))(
    "%s: its route draws every body it names",
    (_id, screen) => {
      const contents = ROUTE_CONTENTS[screenRouteFile(screen)] ?? {};
      for (const name of [screen.intro, screen.content].filter(Boolean)) {
        expect(contents, `${screen.id} → ${screenRouteFile(screen)}`).toHaveProperty(name as string);
      }
    },
  );

  it("form pages carry only the bodies of form screens", () => {
    const named = new Set(
      SCREENS.filter((screen) => screenRouteFile(screen) === "routes/form-screen.tsx").flatMap((screen) =>
        [screen.intro, screen.content].filter(Boolean),
      ),
    );
    expect(Object.keys(ROUTE_CONTENTS["routes/form-screen.tsx"] ?? {}).sort()).toEqual([...named].sort());
  });
});

describe("ScreenView", () => {
  const screen = {
    id: "test-screen",
    paths: ["/test"],
    layout: "account",
    access: "member",
    titleKey: "mypage.title",
    content: "backupCodeCount",
    forms: [],
  } as const satisfies ScreenDefinition;

  const screenData = { backupCodeCount: 3 };
  function renderView(
    contents: Parameters<typeof ScreenView>[0]["contents"],
    bodies: ScreenBodies = {
      intro: null,
      content: { name: "backupCodeCount", screenData },
      socialLogins: [],
    },
  ) {
    const router = createMemoryRouter([
      {
        path: "/",
        element: <ScreenView screen={screen} screenData={screenData} bodies={bodies} contents={contents} />,
      },
    ]);
    return render(
      <I18nextProvider i18n={createI18n("ja", { ja })}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
  }

  it("draws the body its route gives", () => {
    renderView({ backupCodeCount: ({ screenData }) => <p>bodies: {String(screenData.backupCodeCount)}</p> });
    expect(view.getByText("bodies: 3")).toBeTruthy();
  });

  it("refuses a screen whose route does not draw its body, instead of leaving it out", () => {
    const errors = console.error;
    console.error = () => {};
    try {
      // The router's error boundary shows what was thrown.
      renderView({ otpSetupGuide: () => null });
      expect(view.getByRole("heading", { level: 3 }).textContent).toBe(
        "test-screen has the page body backupCodeCount, but its route does not draw it",
      );
    } finally {
      console.error = errors;
    }
  });
});

describe("ScreenView's links", () => {
  const subscription = inShape(
    subscriptionFixture,
    SCREEN_BODY_SHAPES.subscriptionSummary,
    "mypage-subscription-subscriptionId.json",
  );
  const completion = SCREENS.find(
    (screen) => screen.id === "mypage-subscription-subscriptionId-withdraw-complete",
  );

  function linksOf(returnTo: "/withdraw" | null) {
    const screenData = { ...subscription, returnTo };
    if (!completion) throw new Error("no completion screen");
    const router = createMemoryRouter(
      [
        {
          path: "/mypage/subscription/:subscriptionId/withdraw/complete",
          element: (
            <ScreenView
              screen={completion}
              screenData={screenData}
              bodies={{ intro: null, content: { name: "subscriptionSummary", screenData }, socialLogins: [] }}
              contents={{ subscriptionSummary: () => null }}
            />
          ),
        },
      ],
      { initialEntries: ["/mypage/subscription/s-1/withdraw/complete"] },
    );
    render(
      <I18nextProvider i18n={createI18n("ja", { ja })}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    return view.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
  }

  it("shows the way back to withdrawal only when the screen data says the member came from there (spec §2)", () => {
    expect(linksOf("/withdraw")).toEqual([
      ["退会手続きへ戻る", "/withdraw"],
      ["ご契約内容へ戻る", "/mypage/subscription/s-1"],
      ["ご契約中のプランへ", "/mypage/plans"],
    ]);
  });

  it("leaves it out without one", () => {
    expect(linksOf(null).map(([text]) => text)).toEqual(["ご契約内容へ戻る", "ご契約中のプランへ"]);
  });
});
