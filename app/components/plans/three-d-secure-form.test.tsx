// @vitest-environment jsdom
import { render, screen as view, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPurchaseConfirmForm } from "../../../schemas/forms/purchase.ts";
import { createTestI18n, testValidator } from "../../../widgets/test-utils.tsx";
import { apiRequest } from "../../lib/api-client.ts";
import { ThreeDSecureConfig, ThreeDSecureForm } from "./three-d-secure-form.tsx";

const threeDSecureToken = vi.hoisted(() => vi.fn());
vi.mock("../../lib/card-token.ts", () => ({ threeDSecureToken }));

const provider = {
  merchantId: "sandbox-merchant",
  serviceId: "001",
  tokenScriptUrl: "/sandbox-pay/token.js",
  tds2ScriptUrl: "/sandbox-pay/tds2.js",
};

/** The confirm route's form, as the route gives it the screen data's threeDSecure (the provider, or null). */
function showForm(threeDSecure: typeof provider | null) {
  const onSubmit = vi.fn();
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <ThreeDSecureConfig value={threeDSecure}>
          <ThreeDSecureForm
            form={buildPurchaseConfirmForm({}, "test")}
            onSubmit={onSubmit}
            request={apiRequest}
            validator={testValidator}
            submitLabelKey="plans.purchase"
          />
        </ThreeDSecureConfig>
      ),
    },
  ]);
  render(
    <I18nextProvider i18n={createTestI18n("ja")}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return onSubmit;
}

afterEach(() => threeDSecureToken.mockReset());

describe("the confirm page's button", () => {
  it("gets the browser's 3-D Secure token first when a card pays, and sends it with the form", async () => {
    threeDSecureToken.mockResolvedValue({ tds2infoToken: "t2", tds2infoTokenKey: "k2" });
    const onSubmit = showForm(provider);
    await userEvent.click(await view.findByRole("button", { name: "この内容で契約する" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(threeDSecureToken).toHaveBeenCalledWith(provider);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ tds2infoToken: "t2", tds2infoTokenKey: "k2" });
  });

  it("says so and sends nothing when the provider's script does not answer", async () => {
    threeDSecureToken.mockResolvedValue(null);
    const onSubmit = showForm(provider);
    await userEvent.click(await view.findByRole("button", { name: "この内容で契約する" }));
    expect(
      await view.findByText(
        "3Dセキュア認証を開始できませんでした。しばらく時間をおいてから、もう一度お試しください。",
      ),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("loads nothing of the provider when nothing is charged by card", async () => {
    const onSubmit = showForm(null);
    await userEvent.click(await view.findByRole("button", { name: "この内容で契約する" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(threeDSecureToken).not.toHaveBeenCalled();
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty("tds2infoToken");
  });
});
