import { afterEach, describe, expect, it, type Mock, vi } from "vitest";
import { createAjv } from "../../schemas/validation.ts";
import type { ZapiTransport } from "./load-context.ts";
import { ANY_SCREEN_DATA } from "./screen-data-shapes.server.ts";
import {
  callApi,
  failureStatus,
  followNext,
  loadScreenData,
  screenDataPath,
  zapiFetch,
} from "./zapi.server.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

type Handler = Mock<(request: Request) => Promise<Response>>;

function inProcessArgs(request: Request, handler: Handler, clientAddress: string | null = "203.0.113.7") {
  const zapi: ZapiTransport = { inProcess: handler, origin: null, clientAddress };
  return { request, context: { zapi } };
}

function answering(response: Response): Handler {
  return vi.fn(async () => response);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The one request the API received. */
function sentRequest(handler: Handler | Mock<typeof fetch>): Request {
  expect(handler).toHaveBeenCalledTimes(1);
  return handler.mock.calls[0]![0] as Request;
}

describe("screenDataPath", () => {
  it("maps the page path under /zapi/internal and keeps the query", () => {
    const url = new URL("https://shop.example.jp/login?loginType=authCode&returnTo=%2Fmypage");
    expect(screenDataPath(url)).toBe(
      "/zapi/internal/login/screen-data?loginType=authCode&returnTo=%2Fmypage",
    );
  });

  it("strips a trailing slash", () => {
    expect(screenDataPath(new URL("https://shop.example.jp/mypage/pin-code/"))).toBe(
      "/zapi/internal/mypage/pin-code/screen-data",
    );
  });

  it("asks for the root data at the top page", () => {
    expect(screenDataPath(new URL("https://shop.example.jp/"))).toBe("/zapi/internal/root/screen-data");
  });

  it.each([["/%00/evil.example"], ["//evil.example"], ["/%09/evil.example"], ["https://evil.example/"]])(
    "leaves out a returnTo or redirectTo the safe-redirect rule refuses (%s)",
    (payload) => {
      const url = new URL(
        `https://shop.example.jp/login?loginType=authCode&returnTo=${payload}&redirectTo=${payload}`,
      );
      expect(screenDataPath(url)).toBe("/zapi/internal/login/screen-data?loginType=authCode");
    },
  );

  it("uses an explicit page path but the request's query", () => {
    const url = new URL("https://shop.example.jp/mypage/edit?lng=en");
    expect(screenDataPath(url, "/account-header")).toBe("/zapi/internal/account-header/screen-data?lng=en");
  });
});

describe("zapiFetch", () => {
  const browserRequest = () =>
    new Request("https://shop.example.jp/mypage", {
      headers: {
        Cookie: "sid=s1; auid=a1",
        "User-Agent": "Mozilla/5.0 (iPhone)",
        "Accept-Language": "en-US,en;q=0.9",
        "X-Forwarded-For": "198.51.100.1",
        Authorization: "Basic c2VjcmV0",
      },
    });

  it("forwards the browser's cookie, user agent and language, and appends the client address", async () => {
    const handler = answering(json({}));

    await zapiFetch(inProcessArgs(browserRequest(), handler), "/zapi/account/edit");

    const sent = sentRequest(handler);
    expect(sent.url).toBe("https://shop.example.jp/zapi/account/edit?lng=en");
    expect(sent.headers.get("cookie")).toBe("sid=s1; auid=a1");
    expect(sent.headers.get("user-agent")).toBe("Mozilla/5.0 (iPhone)");
    expect(sent.headers.get("accept-language")).toBe("en-US,en;q=0.9");
    expect(sent.headers.get("x-forwarded-for")).toBe("198.51.100.1, 203.0.113.7");
    expect(sent.headers.get("authorization")).toBeNull();
  });

  it("forwards Origin and Fetch Metadata of a post to a page's action, so the API can refuse another site's", async () => {
    const handler = answering(json({}));
    const post = new Request("https://shop.example.jp/mypage/email", {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });

    await zapiFetch(inProcessArgs(post, handler), "/zapi/account/email", { method: "POST", body: "{}" });

    expect(sentRequest(handler).headers.get("origin")).toBe("https://evil.example");
    expect(sentRequest(handler).headers.get("sec-fetch-site")).toBe("cross-site");
  });

  it("forwards neither for a page's GET: a return from a provider on another site is a cross-site navigation", async () => {
    const handler = answering(json({}));
    const navigation = new Request("https://shop.example.jp/auth/callback?code=c&state=s", {
      headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", cookie: "sflow=f1" },
    });

    await zapiFetch(inProcessArgs(navigation, handler), "/zapi/auth/social/callback", {
      method: "POST",
      body: "{}",
    });

    const sent = sentRequest(handler);
    expect(sent.headers.get("sec-fetch-site")).toBeNull();
    expect(sent.headers.get("origin")).toBeNull();
    expect(sent.headers.get("cookie")).toBe("sflow=f1");
  });

  it("tells the API the page's language, where a page's ?lng= outranks the browser's cookie", async () => {
    const page = new Request("https://shop.example.jp/signup/auth?lng=en", {
      headers: { cookie: "lng=ja", "accept-language": "ja" },
    });
    const screenData = answering(json({}));
    const named = answering(json({}));

    await zapiFetch(inProcessArgs(page, screenData), "/zapi/internal/signup/auth/screen-data");
    await zapiFetch(inProcessArgs(page, named), "/zapi/x?lng=ja");

    expect(new URL(sentRequest(screenData).url).searchParams.getAll("lng")).toEqual(["en"]);
    // A path that names a language keeps it.
    expect(new URL(sentRequest(named).url).searchParams.getAll("lng")).toEqual(["ja"]);
  });

  it("starts x-forwarded-for with the client address when there is none yet", async () => {
    const handler = answering(json({}));

    await zapiFetch(inProcessArgs(new Request("https://shop.example.jp/"), handler), "/zapi/x");

    expect(sentRequest(handler).headers.get("x-forwarded-for")).toBe("203.0.113.7");
  });

  it("lets the caller's own headers win over forwarded ones", async () => {
    const handler = answering(json({}));

    await zapiFetch(inProcessArgs(browserRequest(), handler), "/zapi/x", {
      headers: { "Accept-Language": "ja" },
    });

    expect(sentRequest(handler).headers.get("accept-language")).toBe("ja");
  });

  it("sends a body as JSON unless told otherwise", async () => {
    const handler = answering(json({}));

    await zapiFetch(inProcessArgs(browserRequest(), handler), "/zapi/account/edit", {
      method: "POST",
      body: JSON.stringify({ optionalInfo: {} }),
    });

    const sent = sentRequest(handler);
    expect(sent.method).toBe("POST");
    expect(sent.headers.get("content-type")).toBe("application/json");
    await expect(sent.json()).resolves.toEqual({ optionalInfo: {} });
  });

  it("calls the embedded API in-process without touching the network", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    const handler = answering(json({ from: "in-process" }));

    const response = await zapiFetch(inProcessArgs(browserRequest(), handler), "/zapi/x");

    await expect(response.json()).resolves.toEqual({ from: "in-process" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("calls ZAPI_ORIGIN over HTTP when it is set", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ from: "remote" }));
    vi.stubGlobal("fetch", fetchMock);
    const handler = answering(json({ from: "in-process" }));
    const zapi: ZapiTransport = {
      inProcess: handler,
      origin: "http://api.internal:8080",
      clientAddress: null,
    };

    const response = await zapiFetch({ request: browserRequest(), context: { zapi } }, "/zapi/x?page=2");

    await expect(response.json()).resolves.toEqual({ from: "remote" });
    expect(handler).not.toHaveBeenCalled();
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe("http://api.internal:8080/zapi/x?page=2&lng=en");
    expect(sent.headers.get("cookie")).toBe("sid=s1; auid=a1");
    expect(sent.headers.get("x-forwarded-for")).toBe("198.51.100.1");
  });
});

describe("reads within one page request", () => {
  it("asks the API once for a GET asked twice, and both callers read the whole answer", async () => {
    const handler: Handler = vi.fn(async () => json({ authId: "a1" }));
    const args = inProcessArgs(new Request("https://shop.example.jp/login"), handler);
    const first = await zapiFetch(args, "/zapi/internal/root/screen-data");
    const second = await zapiFetch(args, "/zapi/internal/root/screen-data");
    expect(await first.json()).toEqual({ authId: "a1" });
    expect(await second.json()).toEqual({ authId: "a1" });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("asks again after a call that may change what was read, and in another page request", async () => {
    const handler: Handler = vi.fn(async () => json({}));
    const request = new Request("https://shop.example.jp/login");
    const args = inProcessArgs(request, handler);
    await zapiFetch(args, "/zapi/internal/root/screen-data");
    await zapiFetch(args, "/zapi/login", { method: "POST", body: "{}" });
    await zapiFetch(args, "/zapi/internal/root/screen-data");
    expect(handler).toHaveBeenCalledTimes(3);
    await zapiFetch(inProcessArgs(request, handler), "/zapi/internal/root/screen-data");
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it("gives every caller the status, each Set-Cookie and the body of the shared answer", async () => {
    const headers = new Headers({ "content-type": "application/json" });
    headers.append("set-cookie", "sid=s2; Path=/; HttpOnly");
    headers.append("set-cookie", "auid=a2; Path=/");
    const handler: Handler = vi.fn(async () => new Response('{"code":"X"}', { status: 401, headers }));
    const args = inProcessArgs(new Request("https://shop.example.jp/mypage"), handler);
    for (let caller = 0; caller < 3; caller++) {
      const response = await zapiFetch(args, "/zapi/internal/root/screen-data");
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual(["sid=s2; Path=/; HttpOnly", "auid=a2; Path=/"]);
      expect(await response.json()).toEqual({ code: "X" });
    }
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("shares an answer without a body (204) as one", async () => {
    const handler: Handler = vi.fn(async () => new Response(null, { status: 204 }));
    const args = inProcessArgs(new Request("https://shop.example.jp/"), handler);
    await zapiFetch(args, "/zapi/internal/root/screen-data");
    const again = await zapiFetch(args, "/zapi/internal/root/screen-data");
    expect(again.status).toBe(204);
    expect(await again.text()).toBe("");
  });

  it("does not remember a call that failed", async () => {
    const handler: Handler = vi.fn();
    handler.mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(json({ ok: true }));
    const args = inProcessArgs(new Request("https://shop.example.jp/"), handler);
    await expect(zapiFetch(args, "/zapi/internal/root/screen-data")).rejects.toThrow("down");
    expect(await (await zapiFetch(args, "/zapi/internal/root/screen-data")).json()).toEqual({ ok: true });
  });
});

describe("loadScreenData", () => {
  const pageRequest = new Request("https://shop.example.jp/login/?loginType=authCode");
  /** The page's screen data, or what the loader throws. */
  const load = (handler: Handler) =>
    loadScreenData(inProcessArgs(pageRequest, handler), undefined, undefined, ANY_SCREEN_DATA);
  const thrownBy = (handler: Handler) => load(handler).catch((error: unknown) => error);

  it("returns the whole answer for the page's screen-data path", async () => {
    const screenData = { isEnabledPassword: true, userIdentifierList: ["Email"] };
    const handler = answering(json(screenData));

    await expect(load(handler)).resolves.toEqual(screenData);

    const sent = sentRequest(handler);
    expect(sent.method).toBe("GET");
    expect(sent.url).toBe(
      "https://shop.example.jp/zapi/internal/login/screen-data?loginType=authCode&lng=ja",
    );
  });

  it("throws a redirect when the answer carries redirectTo", async () => {
    const handler = answering(json({ redirectTo: "/mypage" }));

    const thrown = await thrownBy(handler);

    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/mypage");
  });

  it("redirects even when a guard answers with an error status", async () => {
    const handler = answering(json({ code: "REQUEST_UNAUTHORIZED", redirectTo: "/login" }, 401));

    const thrown = await thrownBy(handler);

    expect((thrown as Response).headers.get("Location")).toBe("/login");
  });

  it("raises the error page with the API's status and 'Failed to load data'", async () => {
    const handler = answering(
      json({ code: "MAINTENANCE", message: "メンテナンス中", requestId: "r-9" }, 503),
    );

    const thrown = await thrownBy(handler);

    // What react-router's data() builds; the root ErrorBoundary receives it as a route error.
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 503 },
      data: { message: "Failed to load data", code: "MAINTENANCE", requestId: "r-9" },
    });
  });

  it("raises the error page when a failure's body is not JSON", async () => {
    const handler = answering(new Response("Bad Gateway", { status: 502 }));

    const thrown = await thrownBy(handler);

    expect(thrown).toMatchObject({ init: { status: 502 }, data: { message: "Failed to load data" } });
  });

  it("takes an empty answer for one out of shape: the error page, not an empty page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = answering(new Response(null, { status: 200 }));

    const thrown = await thrownBy(handler);

    expect(thrown).toMatchObject({ init: { status: 502 }, data: { code: "SCREEN_DATA_SHAPE" } });
  });
});

describe("callApi: a route's one way to call the API", () => {
  const post = new Request("https://shop.example.jp/mypage/consent?type=newsletter", { method: "POST" });

  it("posts the body as JSON and gives the answer, its message and the API's every Set-Cookie", async () => {
    const headers = new Headers({ "Content-Type": "application/json" });
    headers.append("set-cookie", "sid=s2; Path=/; HttpOnly");
    headers.append("set-cookie", "flow=; Path=/; Max-Age=0");
    const handler = answering(
      new Response(JSON.stringify({ code: "X", message: "だめです" }), { status: 409, headers }),
    );

    const result = await callApi(inProcessArgs(post, handler), "/zapi/account/consent", { body: { a: 1 } });

    const sent = sentRequest(handler);
    expect(sent.method).toBe("POST");
    expect(await sent.json()).toEqual({ a: 1 });
    expect(result).toMatchObject({ reached: true, ok: false, status: 409, message: "だめです", next: null });
    expect(result.answer).toEqual({ code: "X", message: "だめです" });
    expect(result.headers.getSetCookie()).toEqual(["sid=s2; Path=/; HttpOnly", "flow=; Path=/; Max-Age=0"]);
    expect(failureStatus(result)).toBe(409);
  });

  it("turns a lost session into the login coming back to the page, whatever the API names", async () => {
    const handler = answering(json({ code: "REQUEST_UNAUTHORIZED", redirectTo: "/login" }, 401));
    const result = await callApi(inProcessArgs(post, handler), "/zapi/account/consent");
    expect(result.next).toBe("/login?returnTo=%2Fmypage%2Fconsent%3Ftype%3Dnewsletter");
    const thrown = (() => {
      try {
        followNext(result);
      } catch (error) {
        return error as Response;
      }
    })();
    expect(thrown?.headers.get("Location")).toBe(result.next);
  });

  it("keeps a refusal with the same code but no destination on the page: a wrong password is no lost session", async () => {
    const handler = answering(
      json({ code: "REQUEST_UNAUTHORIZED", message: "パスワードが正しくありません。" }, 401),
    );
    const result = await callApi(inProcessArgs(post, handler), "/zapi/account/user-id/edit");
    expect(result).toMatchObject({ status: 401, next: null, message: "パスワードが正しくありません。" });
  });

  it("reads where to go from redirectTo or the API's redirect, and drops one the safe-redirect rule refuses", async () => {
    const args = (response: Response) => inProcessArgs(post, answering(response));
    expect((await callApi(args(json({ redirectTo: "/mypage/connections" })), "/x")).next).toBe(
      "/mypage/connections",
    );
    const moved = new Response(null, { status: 303, headers: { Location: "/mypage" } });
    expect((await callApi(args(moved), "/x")).next).toBe("/mypage");
    expect((await callApi(args(json({ redirectTo: "//evil.example/" })), "/x")).next).toBeNull();
    expect((await callApi(args(json({ redirectTo: "https://evil.example/" })), "/x")).next).toBeNull();
  });

  it("follows to another document when asked, and not at all without a destination", async () => {
    const result = await callApi(
      inProcessArgs(post, answering(json({ redirectTo: "/oidc/auth?x=1" }))),
      "/x",
    );
    const thrown = (() => {
      try {
        followNext(result, (next) => next.startsWith("/oidc/"));
      } catch (error) {
        return error as Response;
      }
    })();
    expect(thrown?.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(() => followNext({ ...result, next: null })).not.toThrow();
  });

  it("answers 502 without a throw when the API cannot be reached, and a 2xx without what was needed is 502 too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const handler: Handler = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    const result = await callApi(inProcessArgs(post, handler), "/zapi/logout");
    expect(result).toMatchObject({ reached: false, ok: false, status: 502, next: null, message: null });
    const done = await callApi(inProcessArgs(post, answering(json({}))), "/x");
    expect(failureStatus(done)).toBe(502);
  });

  it("sends no body with a GET", async () => {
    const handler = answering(json({ redirectTo: "/paypal" }));
    await callApi(inProcessArgs(post, handler), "/zapi/account/payment-method/paypal", { method: "GET" });
    const sent = sentRequest(handler);
    expect(sent.method).toBe("GET");
    expect(sent.body).toBeNull();
  });
});

describe("loadScreenData with the answer's shape", () => {
  const pageRequest = new Request("https://shop.example.jp/plans");
  const shape = createAjv().compile<{ plans: string[] }>({
    type: "object",
    additionalProperties: false,
    required: ["plans"],
    properties: { plans: { type: "array", items: { type: "string" } } },
  });

  it("hands the page the answer, checked", async () => {
    const handler = answering(json({ plans: ["standard-monthly"] }));
    const loaded = await loadScreenData(inProcessArgs(pageRequest, handler), undefined, undefined, shape);
    expect(loaded.plans).toEqual(["standard-monthly"]);
  });

  it("shows the error page, and says why in the log, for an answer the page cannot read", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = answering(json({ plans: [{ planId: "standard-monthly" }] }));
    const thrown = await loadScreenData(
      inProcessArgs(pageRequest, handler),
      undefined,
      undefined,
      shape,
    ).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      init: { status: 502 },
      data: { code: "SCREEN_DATA_SHAPE", message: "Failed to load data" },
    });
    expect(logged.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringContaining("/zapi/internal/plans/screen-data is not in its shape"),
    );
  });
});
