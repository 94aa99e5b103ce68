// @vitest-environment jsdom
import { render, screen as view } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../locales/i18n.ts";
import ja from "../../../locales/ja/index.ts";
import type { OidcConsentScreenData } from "../../../schemas/types/oidc-consent-screen-data.gen.ts";
import consentData from "../../../tests/fixtures/screens/oidc-consent.json" with { type: "json" };
import { OidcConsent } from "./oidc-consent.tsx";

function show(screenData: OidcConsentScreenData) {
  const router = createMemoryRouter([{ path: "/", element: <OidcConsent screenData={screenData} /> }]);
  return render(
    <I18nextProvider i18n={createI18n("ja", { ja })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const sent = () =>
  new FormData(document.querySelector("form.oidc-consent__form") as HTMLFormElement).getAll("addScope[]");

describe("the consent screen's switches", () => {
  it("locks the mandatory scopes on and starts the optional ones off: the member opts in", () => {
    show(consentData);
    const email = view.getByRole("switch", { name: /メールアドレス/ }) as HTMLInputElement;
    expect(email.checked && email.disabled).toBe(true);
    expect((view.getByRole("switch", { name: /プロフィール/ }) as HTMLInputElement).checked).toBe(false);
    expect((view.getByRole("switch", { name: /住所/ }) as HTMLInputElement).checked).toBe(false);
    // What the form sends as it stands, with or without JavaScript: the mandatory ones only.
    expect(sent()).toEqual(["openid", "email"]);
  });

  it("sends an optional scope once it is turned on", async () => {
    show(consentData);
    view.getByRole("switch", { name: /プロフィール/ }).click();
    expect(sent()).toEqual(["openid", "email", "profile"]);
  });

  it("shows a scope allowed before as on, one refused before and asked again as off", () => {
    show({
      ...consentData,
      authorizedScopeKeys: ["openid", "email", "profile", "address"],
      updatedScopeKeys: ["address"],
    });
    expect((view.getByRole("switch", { name: /プロフィール/ }) as HTMLInputElement).checked).toBe(true);
    expect((view.getByRole("switch", { name: /住所/ }) as HTMLInputElement).checked).toBe(false);
  });
});
