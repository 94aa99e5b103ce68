import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../tests/action-harness.ts";
import { demoStore } from "../../tests/render.tsx";
import { loader } from "../root.tsx";
import { settingsForTheBrowser } from "./browser-settings.ts";

const SERVER_ONLY = [
  "accountRegistrationSetting",
  "consentOptions",
  "withdrawalSurvey",
  "authCodeSetting",
  "invoiceIssuer",
  "storePaymentMethods",
  "paymentProvider",
  "storeScopeSettings",
  "oidcPrecautions",
  "smtpDomain",
];

describe("the store settings every page hands the browser", () => {
  it("are what the shell and the login screen read, and none of the sections forms are built from", () => {
    const settings = structuredClone(demoStore);
    const forBrowser = settingsForTheBrowser(settings);
    expect(forBrowser.footers).toEqual(settings.footers);
    expect(forBrowser.login).toEqual(settings.login);
    expect(forBrowser.features).toEqual(settings.features);
    expect(forBrowser.serviceName).toBe(settings.serviceName);
    for (const key of SERVER_ONLY) expect(forBrowser).not.toHaveProperty(key);
  });

  it("are what the root loader sends, though the API gives it the whole settings", async () => {
    const settings = structuredClone(demoStore);
    const { zapi } = fakeApi({ settings });
    const request = new Request("http://localhost/login", { headers: { cookie: "lng=ja" } });
    const args = { request, params: {}, context: { zapi } } as unknown as LoaderFunctionArgs;
    const { data } = await loader(args as Parameters<typeof loader>[0]);
    expect(data.storeSettingData).toEqual(settingsForTheBrowser(settings));
    expect(JSON.stringify(data)).not.toContain(settings.withdrawalSurvey?.surveyName ?? "退会アンケート");
  });
});
