import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../../tests/api-harness.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function loginData() {
  const response = await t.api.request("/zapi/internal/login/screen-data");
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /zapi/internal/login/screen-data", () => {
  it("tells the login page what the demo store offers", async () => {
    expect(await loginData()).toEqual({
      userIdentifierList: [],
      isEnabledUserId: true,
      isEnabledPassword: true,
      isRecaptchaEnabled: false,
      isEnabledAuthCode: true,
      defaultLoginType: "password",
      reCaptchaKey: null,
    });
  });

  it("follows the store settings, including the reCAPTCHA site key (never the project)", async () => {
    t.store.update((settings) => {
      settings.features.isEnabledUserId = false;
      settings.login.isEnabledAuthCode = false;
      settings.login.defaultLoginType = "authCode";
      settings.login.recaptcha = { enabled: true, siteKey: "site-key-1", projectId: "secret-project" };
    });
    const data = await loginData();
    expect(data).toMatchObject({
      isEnabledUserId: false,
      isEnabledAuthCode: false,
      defaultLoginType: "authCode",
      isRecaptchaEnabled: true,
      reCaptchaKey: "site-key-1",
    });
    expect(JSON.stringify(data)).not.toContain("secret-project");
  });
});
