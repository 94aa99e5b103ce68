import type { ActionFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORM_ID_FIELD, RECAPTCHA_TOKEN_FIELD } from "../../schemas/form-post.ts";
import { type ApiCall, answerOf, fakeApi, post } from "../../tests/action-harness.ts";
import { apiPathOf } from "../lib/screen-action.server.ts";
import { loginAction } from "./login.server.ts";

/** What the login action answered. */
const answer = (args: ActionFunctionArgs) => answerOf(loginAction, args);

const loginCalls = (calls: ApiCall[]) => calls.filter((call) => !call.path.startsWith("/zapi/internal/"));

afterEach(() => vi.restoreAllMocks());

describe("login action: validation", () => {
  it("answers 400 with the spec's messages per field and calls no API (spec §5 Login)", async () => {
    const api = fakeApi({});
    const result = await answer(
      post("/login", { [FORM_ID_FIELD]: "login.password", emailUserId: " " }, api.zapi),
    );
    expect(result.status).toBe(400);
    expect(result.failure?.errors).toEqual([
      { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
      { field: "password", message: "パスワードを入力してください。" },
    ]);
    expect(loginCalls(api.calls)).toEqual([]);
  });

  it("checks the e-mail format when the store has no user IDs", async () => {
    const api = fakeApi({ screenData: { isEnabledUserId: false } });
    const fields = { [FORM_ID_FIELD]: "login.password", emailUserId: "taro", password: "x" };
    const result = await answer(post("/login", fields, api.zapi));
    expect(result.failure?.errors).toEqual([
      { field: "emailUserId", message: "メールアドレスの形式が正しくありません。" },
    ]);
  });

  it("speaks the page's language", async () => {
    const api = fakeApi({});
    const args = post("/login", { [FORM_ID_FIELD]: "login.password" }, api.zapi, {
      headers: { cookie: "lng=en" },
    });
    const result = await answer(args);
    expect(result.failure?.errors.map((error) => error.message)).toEqual([
      "Enter your e-mail address or user ID.",
      "Enter your password.",
    ]);
  });

  it("sends back what was typed, but never the password", async () => {
    const api = fakeApi({});
    const fields = { [FORM_ID_FIELD]: "login.password", emailUserId: "taro", password: "" };
    const result = await answer(post("/login", fields, api.zapi));
    expect(result.failure).toMatchObject({ formId: "login.password", values: { emailUserId: "taro" } });
    expect(result.failure?.values).not.toHaveProperty("password");
  });

  it("refuses a post of a form the page no longer shows (mode or settings changed)", async () => {
    const api = fakeApi({});
    const result = await answer(
      post("/login", { [FORM_ID_FIELD]: "login.code", email: "taro@example.jp" }, api.zapi),
    );
    expect(result.status).toBe(409);
    expect(result.failure).toMatchObject({ formId: "login.password", summary: "エラーが発生しました。" });
    expect(loginCalls(api.calls)).toEqual([]);
  });
});

describe("login action: password login", () => {
  const credentials = {
    [FORM_ID_FIELD]: "login.password",
    emailUserId: "ｔａｒｏ ",
    password: " pass word ",
  };

  it("posts {emailUserId, password, loginMethod} to the API with the browser's cookies", async () => {
    const api = fakeApi({});
    await answer(post("/login", credentials, api.zapi, { headers: { cookie: "lng=ja; latid=abc" } }));
    expect(loginCalls(api.calls)).toEqual([
      {
        method: "POST",
        path: "/zapi/login",
        // The identifier is normalised (NFKC, trimmed); the password is sent exactly as typed.
        body: { emailUserId: "taro", password: " pass word ", loginMethod: "Password" },
        cookie: "lng=ja; latid=abc",
      },
    ]);
  });

  it("adds the reCAPTCHA token when the page carries one", async () => {
    const api = fakeApi({});
    await answer(post("/login", { ...credentials, [RECAPTCHA_TOKEN_FIELD]: "recaptcha-token" }, api.zapi));
    expect(loginCalls(api.calls)[0]?.body).toMatchObject({ token: "recaptcha-token" });
  });

  it("goes to returnTo on success, passing on the API's cookies", async () => {
    const login = () => {
      const headers = new Headers();
      headers.append("Set-Cookie", "sid=session; Path=/; HttpOnly");
      headers.append("Set-Cookie", "auid=acc_1; Path=/");
      return Response.json({}, { headers });
    };
    const api = fakeApi({ login });
    const { response } = await answer(post("/login?returnTo=%2Fmypage%2Fedit", credentials, api.zapi));
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/mypage/edit");
    expect(response?.headers.getSetCookie()).toEqual(["sid=session; Path=/; HttpOnly", "auid=acc_1; Path=/"]);
  });

  it("reads the page's URL, not React Router's .data fetch of a <Form> post", async () => {
    const api = fakeApi({});
    const { response } = await answer(
      post("/login?returnTo=%2Fplans", credentials, api.zapi, { viaFetch: true }),
    );
    expect(response?.headers.get("Location")).toBe("/plans");
    expect(api.calls.map((call) => call.path)).toContain("/zapi/internal/login/screen-data");
  });

  it("goes to My Page when returnTo is missing or leads off the site", async () => {
    for (const url of [
      "/login",
      "/login?returnTo=%2F%2Fevil.example",
      "/login?returnTo=https%3A%2F%2Fevil.example",
    ]) {
      const { response } = await answer(post(url, credentials, fakeApi({}).zapi));
      expect(response?.headers.get("Location")).toBe("/mypage");
    }
  });

  it("follows the API when it asks for a further login step (redirectTo), keeping returnTo for its end", async () => {
    const api = fakeApi({ login: () => Response.json({ redirectTo: "/login/multi-factor" }) });
    const { response } = await answer(post("/login?returnTo=%2Fplans", credentials, api.zapi));
    expect(response?.headers.get("Location")).toBe("/login/multi-factor?returnTo=%2Fplans");
    const without = await answer(post("/login", credentials, api.zapi));
    expect(without.response?.headers.get("Location")).toBe("/login/multi-factor");
  });

  it("follows a redirectTo elsewhere without carrying returnTo there", async () => {
    const api = fakeApi({ login: () => Response.json({ redirectTo: "/signup/policy" }) });
    const { response } = await answer(post("/login?returnTo=%2Fplans", credentials, api.zapi));
    expect(response?.headers.get("Location")).toBe("/signup/policy");
  });

  it("shows the API's message for an error code above the form, with the API's status and cookies", async () => {
    const login = () =>
      Response.json(
        { code: "LOGIN_PROHIBITED", message: "このアカウントではログインできません。", requestId: "r1" },
        { status: 403, headers: { "Set-Cookie": "latid=alert; Path=/" } },
      );
    const result = await answer(post("/login", credentials, fakeApi({ login }).zapi));
    expect(result.status).toBe(403);
    expect(result.failure).toMatchObject({ errors: [], summary: "このアカウントではログインできません。" });
    expect(result.headers?.getSetCookie()).toEqual(["latid=alert; Path=/"]);
  });

  it("shows the API's own message for an unmapped error (spec §8 generic fallback)", async () => {
    const login = () =>
      Response.json(
        { code: "SOMETHING", message: "アカウントがロックされています。", requestId: "r1" },
        { status: 403 },
      );
    const result = await answer(post("/login", credentials, fakeApi({ login }).zapi));
    expect(result.failure?.summary).toBe("アカウントがロックされています。");
  });

  it("shows the wait the API states when logins are slowed (429), not a bare 'try later'", async () => {
    const wait = "ログインの失敗が続いたため、しばらくお待ちください。3分後にもう一度お試しください。";
    const login = () =>
      Response.json(
        { code: "TOO_MANY_ATTEMPTS", message: wait, requestId: "r1", details: { retryAfter: 150 } },
        { status: 429, headers: { "Retry-After": "150" } },
      );
    const result = await answer(post("/login", credentials, fakeApi({ login }).zapi));
    expect(result.status).toBe(429);
    expect(result.failure).toMatchObject({ errors: [], summary: wait });
  });

  it("puts the API's per-field validation errors on their fields", async () => {
    const login = () =>
      Response.json(
        {
          code: "VALIDATION_ERROR",
          message: "入力内容に誤りがあります。",
          requestId: "r1",
          errors: [{ field: "password", message: "パスワードを入力してください。" }],
        },
        { status: 400 },
      );
    const result = await answer(post("/login", credentials, fakeApi({ login }).zapi));
    expect(result.failure?.errors).toEqual([
      { field: "password", message: "パスワードを入力してください。" },
    ]);
  });

  it("shows the generic error while the API has no login call yet (404)", async () => {
    const login = () =>
      Response.json({ code: "NOT_FOUND", message: "No such API", requestId: "r1" }, { status: 404 });
    const result = await answer(post("/login", credentials, fakeApi({ login }).zapi));
    expect(result.status).toBe(502);
    expect(result.failure).toMatchObject({ errors: [], summary: "エラーが発生しました。" });
  });

  it("shows the generic error when the API cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const api = fakeApi({
      login: () => {
        throw new TypeError("fetch failed");
      },
    });
    const result = await answer(post("/login", credentials, api.zapi));
    expect(result.status).toBe(502);
    expect(result.failure?.summary).toBe("エラーが発生しました。");
  });

  it("sends members on instead of logging them in again", async () => {
    const api = fakeApi({ authId: "acc_1" });
    await expect(answer(post("/login?returnTo=%2Fplans", credentials, api.zapi))).rejects.toSatisfy(
      (thrown) => thrown instanceof Response && thrown.headers.get("Location") === "/plans",
    );
    expect(loginCalls(api.calls)).toEqual([]);
  });
});

describe("login action: code login", () => {
  it("mails a code with POST /zapi/login/code {email}, then opens the code entry keeping returnTo", async () => {
    const api = fakeApi({});
    const fields = { [FORM_ID_FIELD]: "login.code", email: "taro@example.jp" };
    const { response } = await answer(post("/login?loginType=authCode&returnTo=%2Fplans", fields, api.zapi));
    expect(loginCalls(api.calls)).toMatchObject([
      { path: "/zapi/login/code", body: { email: "taro@example.jp" } },
    ]);
    expect(response?.headers.get("Location")).toBe("/login/code?returnTo=%2Fplans");
  });

  it("logs in with the code and the e-mail the code went to", async () => {
    const api = fakeApi({ screenData: { email: "taro@example.jp" } });
    const fields = { [FORM_ID_FIELD]: "login.codeEntry", authCode: "１２３４５６" };
    const { response } = await answer(post("/login/code?returnTo=%2Fplans", fields, api.zapi));
    expect(loginCalls(api.calls)).toMatchObject([
      {
        path: "/zapi/login",
        body: { emailUserId: "taro@example.jp", authCode: "123456", loginMethod: "AuthCode" },
      },
    ]);
    expect(response?.headers.get("Location")).toBe("/plans");
  });

  it("puts a wrong code on the code field (PIN_CODE_ERROR)", async () => {
    const login = () =>
      Response.json(
        {
          code: "PIN_CODE_ERROR",
          message: "認証に失敗しました。認証コードをご確認ください。",
          requestId: "r1",
        },
        { status: 400 },
      );
    const api = fakeApi({ login, screenData: { email: "taro@example.jp" } });
    const fields = { [FORM_ID_FIELD]: "login.codeEntry", authCode: "123456" };
    const result = await answer(post("/login/code", fields, api.zapi));
    expect(result.failure?.errors).toEqual([
      { field: "authCode", message: "認証に失敗しました。認証コードをご確認ください。" },
    ]);
  });

  it("shows the wait the API states on the code request and the code entry (429)", async () => {
    const wait = "入力の失敗が続いたため、しばらくお待ちください。40秒後にもう一度お試しください。";
    const slowed = () =>
      Response.json({ code: "TOO_MANY_ATTEMPTS", message: wait, requestId: "r1" }, { status: 429 });
    const request = await answer(
      post(
        "/login?loginType=authCode",
        { [FORM_ID_FIELD]: "login.code", email: "taro@example.jp" },
        fakeApi({ login: slowed }).zapi,
      ),
    );
    expect(request.failure?.summary).toBe(wait);
    const api = fakeApi({ login: slowed, screenData: { email: "taro@example.jp" } });
    const entry = await answer(
      post("/login/code", { [FORM_ID_FIELD]: "login.codeEntry", authCode: "123456" }, api.zapi),
    );
    expect(entry.failure?.summary).toBe(wait);
  });

  it("names the code by the store's display name in its messages", async () => {
    const api = fakeApi({ screenData: { email: "taro@example.jp" } });
    const fields = { [FORM_ID_FIELD]: "login.codeEntry", authCode: "12ab" };
    const result = await answer(post("/login/code", fields, api.zapi));
    expect(result.failure?.errors).toEqual([
      { field: "authCode", message: "ログイン用認証コードは半角数字6桁で入力してください。" },
    ]);
  });
});

describe("apiPathOf", () => {
  it("serves the page-named login calls under /zapi and leaves /zapi paths alone", () => {
    expect(apiPathOf("/login")).toBe("/zapi/login");
    expect(apiPathOf("/login/code")).toBe("/zapi/login/code");
    expect(apiPathOf("/zapi/login/multi-factor/email")).toBe("/zapi/login/multi-factor/email");
  });
});
