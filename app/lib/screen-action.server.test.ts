import { afterEach, describe, expect, it, vi } from "vitest";
import { FORM_ID_FIELD } from "../../schemas/form-post.ts";
import { type ApiCall, answerOf, fakeApi, post } from "../../tests/action-harness.ts";
import cancelPage from "../../tests/fixtures/screens/mypage-subscription-subscriptionId-withdraw.json" with {
  type: "json",
};
import { screenAction } from "./screen-action.server.ts";

const answer = (args: Parameters<typeof screenAction>[0]) => answerOf(screenAction, args);
const apiCalls = (calls: ApiCall[]) => calls.filter((call) => !call.path.startsWith("/zapi/internal/"));

afterEach(() => vi.restoreAllMocks());

const forgot = (values: Record<string, unknown>) => ({
  json: { [FORM_ID_FIELD]: "password.forgot", values },
});

describe("screen action: the one way a form reaches the API (issue 22)", () => {
  it("sends a JSON submission to the screen's call and goes to its destination", async () => {
    const api = fakeApi({});
    const result = await answer(post("/password/forgot", forgot({ email: "taro@example.jp" }), api.zapi));
    expect(result.response?.headers.get("Location")).toBe("/password/forgot/complete");
    expect(apiCalls(api.calls)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/zapi/auth/password/forgot",
        body: { email: "taro@example.jp" },
      }),
    ]);
  });

  it("reads the same form from an HTML form post", async () => {
    const api = fakeApi({});
    const fields = { [FORM_ID_FIELD]: "password.forgot", email: " taro@example.jp " };
    const result = await answer(post("/password/forgot", fields, api.zapi));
    expect(result.status).toBe(302);
    expect(apiCalls(api.calls)[0]?.body).toEqual({ email: "taro@example.jp" });
  });

  it("answers the spec's messages for invalid data and calls nothing", async () => {
    const api = fakeApi({});
    const result = await answer(post("/password/forgot", forgot({ email: "not-an-address" }), api.zapi));
    expect(result.status).toBe(400);
    expect(result.failure).toMatchObject({
      formId: "password.forgot",
      errors: [{ field: "email", message: expect.stringMatching(/メールアドレス/) }],
      values: { email: "not-an-address" },
    });
    expect(apiCalls(api.calls)).toEqual([]);
  });

  it.each([
    ["a body that is not JSON", { "Content-Type": "application/json" }, "{not json"],
    ["JSON of another shape", { "Content-Type": "application/json" }, JSON.stringify({ values: [] })],
  ])("answers 400 with the generic message for %s, calling nothing", async (_name, headers, body) => {
    const api = fakeApi({});
    const args = post("/password/forgot", {}, api.zapi);
    const request = new Request(args.request.url, { method: "POST", headers, body });
    const result = await answer({ ...args, request });
    expect(result.status).toBe(400);
    expect(result.failure?.summary).toBe("エラーが発生しました。");
    expect(apiCalls(api.calls)).toEqual([]);
  });

  it.each<{
    page: string;
    formId: string;
    values: Record<string, string>;
    confirmed: string;
    confirmation: string;
    path: string;
    fixed: Record<string, string>;
  }>([
    {
      page: "/mypage/password/edit",
      formId: "password.change",
      values: { oldPassword: "Passw0rdA", newPassword: "Changed2026A" },
      confirmed: "newPassword",
      confirmation: "newPasswordConfirm",
      path: "/zapi/account/password/edit",
      fixed: {},
    },
    {
      page: "/mypage/email/edit",
      formId: "email.change",
      values: { email: "hanako.new@example.jp" },
      confirmed: "email",
      confirmation: "emailConfirm",
      path: "/zapi/account/email/edit/send-pin-code",
      fixed: { type: "mailEdit" },
    },
  ])(
    "$page checks the confirmation itself and sends the spec's body without it (issue 41 §4)",
    async ({ page, formId, values, confirmed, confirmation, path, fixed }) => {
      const api = fakeApi({ authId: "member-1", screenData: { email: "hanako@example.jp" } });
      const typed = String(values[confirmed]);
      const differing = { [FORM_ID_FIELD]: formId, ...values, [confirmation]: `x${typed}` };
      const refused = await answer(post(page, differing, api.zapi));
      expect(refused.status).toBe(400);
      expect(refused.failure?.errors).toEqual([expect.objectContaining({ field: confirmation })]);
      expect(apiCalls(api.calls)).toEqual([]);

      const matching = { [FORM_ID_FIELD]: formId, ...values, [confirmation]: typed };
      const sent = await answer(post(page, matching, api.zapi));
      expect(sent.status).toBe(302);
      expect(apiCalls(api.calls)).toEqual([expect.objectContaining({ path, body: { ...values, ...fixed } })]);
    },
  );

  it("answers 409 for a form the page does not offer", async () => {
    const api = fakeApi({});
    const fields = { json: { [FORM_ID_FIELD]: "login.password", values: {} } };
    const result = await answer(post("/password/forgot", fields, api.zapi));
    expect(result.status).toBe(409);
    expect(apiCalls(api.calls)).toEqual([]);
  });

  it("copies the reset token of the page's query into the body", async () => {
    const api = fakeApi({});
    const values = { token: "t-1", password: "Reset2026pass", passwordConfirm: "Reset2026pass" };
    const fields = { json: { [FORM_ID_FIELD]: "password.reset", values } };
    const result = await answer(post("/password/reset?token=t-1", fields, api.zapi));
    expect(result.response?.headers.get("Location")).toBe("/password/reset/complete");
    expect(apiCalls(api.calls)[0]).toMatchObject({
      path: "/zapi/auth/password/reset",
      body: { token: "t-1", password: "Reset2026pass" },
    });
  });

  it("follows the API's redirectTo through the safe-redirect rule and passes its cookies on", async () => {
    const api = fakeApi({
      login: () =>
        Response.json(
          { redirectTo: "https://evil.example/" },
          { headers: { "Set-Cookie": "flow=1; Path=/; HttpOnly" } },
        ),
    });
    const result = await answer(post("/password/forgot", forgot({ email: "taro@example.jp" }), api.zapi));
    expect(result.response?.headers.get("Location")).toBe("/password/forgot/complete");
    expect(result.response?.headers.get("Set-Cookie")).toContain("flow=1");
  });

  it("loads a destination outside the app's pages as another document, when the screen says which", async () => {
    const api = fakeApi({ login: () => Response.json({ redirectTo: "/sandbox-pay/action/act_1" }) });
    const args = post("/password/forgot", forgot({ email: "taro@example.jp" }), api.zapi);
    const leaving = await answerOf(
      (actionArgs: typeof args) =>
        screenAction(actionArgs, { leavesApp: (destination) => destination.startsWith("/sandbox-pay/") }),
      args,
    );
    expect(leaving.response?.headers.get("Location")).toBe("/sandbox-pay/action/act_1");
    expect(leaving.response?.headers.get("X-Remix-Reload-Document")).toBe("true");
    // By default a destination is a page of the app, routed in place.
    const staying = await answer(post("/password/forgot", forgot({ email: "taro@example.jp" }), api.zapi));
    expect(staying.response?.headers.get("X-Remix-Reload-Document")).toBeNull();
  });

  it("carries the page's returnTo on to the completion page only where the form says so", async () => {
    const subscriptionId = "0b9a3c52-5d1e-4c39-9a36-3f0c1d2b7e11";
    const cancel = (url: string) => {
      const api = fakeApi({ authId: "a-1", screenData: { ...cancelPage, survey: null } });
      const args = post(url, { json: { [FORM_ID_FIELD]: "survey", values: {} } }, api.zapi);
      return answer({
        ...args,
        pattern: "/mypage/subscription/:subscriptionId/withdraw",
        params: { subscriptionId },
      });
    };
    const complete = `/mypage/subscription/${subscriptionId}/withdraw/complete`;
    const fromWithdrawal = await cancel(
      `/mypage/subscription/${subscriptionId}/withdraw?returnTo=%2Fwithdraw`,
    );
    expect(fromWithdrawal.response?.headers.get("Location")).toBe(`${complete}?returnTo=%2Fwithdraw`);
    const plain = await cancel(`/mypage/subscription/${subscriptionId}/withdraw`);
    expect(plain.response?.headers.get("Location")).toBe(complete);
    // Not a same-site path: left behind, never passed on.
    const foreign = await cancel(
      `/mypage/subscription/${subscriptionId}/withdraw?returnTo=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(foreign.response?.headers.get("Location")).toBe(complete);
    // A form that does not say so lands where it lands, whatever the query.
    const api = fakeApi({});
    const forgotten = await answer(
      post("/password/forgot?returnTo=%2Fwithdraw", forgot({ email: "taro@example.jp" }), api.zapi),
    );
    expect(forgotten.response?.headers.get("Location")).toBe("/password/forgot/complete");
  });

  it("puts a mapped API error on its field, with the screen's summary", async () => {
    const api = fakeApi({
      login: () =>
        Response.json(
          {
            code: "ACCOUNT_ALREADY_EXISTS_USER_ID",
            message: "このユーザーIDは既に使われています。",
            requestId: "r",
          },
          { status: 409 },
        ),
      screenData: { isRequiredPassword: true },
    });
    const values = {
      userId: "taro2024",
      familyName: "山田",
      givenName: "太郎",
      familyNameKana: "ヤマダ",
      givenNameKana: "タロウ",
      birthday: "1990/01/02",
      postalCode: "1000001",
      prefecture: 13,
      address: "千代田区千代田1-1",
      custom_favoriteGenre: "anime",
      password: "Taro2026pass",
      passwordConfirm: "Taro2026pass",
    };
    const fields = { json: { [FORM_ID_FIELD]: "registration.signup", values } };
    const result = await answer(post("/signup/form", fields, api.zapi));
    expect(result.status).toBe(409);
    expect(result.failure?.errors).toEqual([
      { field: "userId", message: "このユーザーIDは既に使われています。" },
    ]);
    expect(result.failure?.summary).not.toBe("");
    // Secrets never come back to the page.
    expect(result.failure?.values).not.toHaveProperty("password");
    // The registration payload of spec §3, birthday as stored.
    expect(apiCalls(api.calls)[0]?.body).toMatchObject({ birthday: "19900102" });
  });
});
