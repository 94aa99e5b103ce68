import { describe, expect, it } from "vitest";
import { FORM_SCREEN_DATA } from "../../app/lib/screen-data-shapes.server.ts";
import { screenBodies } from "../../app/lib/screen-loader.server.ts";
import { demoStoreSettings } from "../../tests/api-harness.ts";
import { ROUTED_SCREENS } from "../routed-screens.ts";
import { screenDataFromApi } from "./api-screen-data.ts";

describe("screenDataFromApi", () => {
  const fixture = { fixture: true };

  it("reads each screen's data from the real API after the flow that leads to it, in the language", async () => {
    const data = await screenDataFromApi(ROUTED_SCREENS, demoStoreSettings(), "en", () => fixture);
    expect([...data.keys()]).toEqual(ROUTED_SCREENS.map((screen) => screen.id));

    const auth = data.get("signup-auth");
    expect(auth?.source).toBe("api");
    expect((auth?.data.policies as { title: string }[] | undefined)?.[0]?.title).toBe(
      "Soramiru Terms of Use",
    );
    // The PIN and form steps are reached by posting the e-mail (and the mailed PIN) first.
    expect(data.get("signup-pin-code")).toMatchObject({
      source: "api",
      data: { email: "gallery-pin-code@example.jp" },
    });
    expect(data.get("signup-form")).toMatchObject({
      source: "api",
      data: { email: "gallery-form@example.jp" },
    });
    expect(data.get("login-code")).toMatchObject({ source: "api" });
    // A member who has not agreed to the policies in force is asked to, in English.
    const policy = data.get("signup-policy");
    expect(policy?.source).toBe("api");
    expect((policy?.data.policies as { title: string }[] | undefined)?.map(({ title }) => title)).toContain(
      "Soramiru Terms of Use",
    );
    expect(data.get("password-forgot")).toEqual({ data: {}, source: "none" });
  });

  it("gets every answer in the shape its page reads: its bodies', its social buttons' and its forms'", async () => {
    const data = await screenDataFromApi(ROUTED_SCREENS, demoStoreSettings(), "ja", () => fixture);
    const reached = ROUTED_SCREENS.filter((screen) => data.get(screen.id)?.source === "api");
    // The walk reaches most screens; each answer it gets is held to the schemas the pages read by.
    expect(reached.length).toBeGreaterThanOrEqual(20);
    for (const screen of reached) {
      const answer = data.get(screen.id)?.data ?? {};
      expect(() => screenBodies(screen, answer), screen.id).not.toThrow();
      expect(FORM_SCREEN_DATA(answer), `${screen.id} ${JSON.stringify(FORM_SCREEN_DATA.errors)}`).toBe(true);
    }
  });

  it("keeps the fixture, with the reason, where the API sends the visitor elsewhere", async () => {
    const data = await screenDataFromApi(ROUTED_SCREENS, demoStoreSettings(), "ja", () => fixture);
    // The demo store has no policy step before the e-mail.
    expect(data.get("signup")).toEqual({
      data: fixture,
      source: "fixture",
      reason: "the API sends the visitor on to /signup/auth",
    });
  });
});
