import { afterEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import {
  createTestApi,
  demoStoreSettings,
  insertSignedInAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { scopeSettingsOf } from "./scopes.ts";
import type { InteractionView } from "./service.ts";

let t: TestApi;
afterEach(() => t.close());

/** The provider's view of an interaction at its consent prompt: a client asking for four scopes. */
function consentPrompt(): InteractionView {
  return {
    uid: "interaction",
    prompt: "consent",
    client: {
      client_id: "web",
      client_name: "Web",
      client_name_ja: "ウェブ",
      redirect_uris: ["https://rp.example/callback"],
      token_endpoint_auth_method: "none",
      tos_uri: "https://rp.example/terms",
    },
    requestScopeKeys: ["openid", "email", "profile", "address"],
    authorizedScopeKeys: ["email"],
    unauthorizedScopeKeys: ["openid", "profile", "address"],
    updatedScopeKeys: ["profile"],
    scopes: scopeSettingsOf(demoStoreSettings()),
    accountId: null,
  };
}

describe("GET /zapi/internal/oidc/consent/screen-data", () => {
  it("answers in the shape the consent page reads (oidc-consent-screen-data.schema.json)", async () => {
    t = await createTestApi({
      deps: { oidc: { interaction: async () => consentPrompt(), endSession: async () => {} } },
    });
    const answer = await (await new TestBrowser(t).get("/zapi/internal/oidc/consent/screen-data")).json();
    const shape = SCREEN_BODY_SHAPES.oidcConsent;
    expect(shape(answer), JSON.stringify(shape.errors)).toBe(true);
    expect(answer).toMatchObject({
      clientInfo: {
        clientName: "Web",
        clientNameJa: "ウェブ",
        tosUri: "https://rp.example/terms",
        logoUri: null,
      },
      requestScopeKeys: ["openid", "email", "profile", "address"],
      updatedScopeKeys: ["profile"],
    });
    expect(answer.storeScopeSettings).toContainEqual(
      expect.objectContaining({ scopeKey: "openid", required: true }),
    );
    // The shape is held to: a scope without its words is not one the page can draw.
    expect(shape({ ...answer, storeScopeSettings: [{ scopeKey: "email" }] })).toBe(false);
  });
});

describe("GET /zapi/internal/oidc/select-account/screen-data", () => {
  it("answers in the shape the account selection reads (select-account-screen-data.schema.json)", async () => {
    t = await createTestApi({
      deps: {
        oidc: {
          interaction: async () => ({ ...consentPrompt(), prompt: "select_account" }),
          endSession: async () => {},
        },
      },
    });
    const member = await insertSignedInAccount(t, { contactEmail: "hanako@example.jp" });
    const browser = new TestBrowser(t);
    browser.cookies.set("sid", member.sessionToken);
    const answer = await (await browser.get("/zapi/internal/oidc/select-account/screen-data")).json();
    const shape = SCREEN_BODY_SHAPES.oidcSelectAccount;
    expect(shape(answer), JSON.stringify(shape.errors)).toBe(true);
    expect(answer).toMatchObject({
      accountId: member.publicId,
      contactEmail: "hanako@example.jp",
      userId: null,
      clientName: "Web",
      clientNameJa: "ウェブ",
    });
    expect(shape({ ...answer, accountId: "" })).toBe(false);
  });
});
