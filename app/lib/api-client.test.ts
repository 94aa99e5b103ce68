import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import en from "../../locales/en/index.ts";
import type { Translate } from "../../locales/i18n.ts";
import { createI18n } from "../../locales/i18n.ts";
import ja from "../../locales/ja/index.ts";
import { ApiClientError, apiRequest, errorMessage, NETWORK_ERROR_STATUS, retryDelay } from "./api-client.ts";

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A response as fetch gives it after following a redirect (Response cannot be built that way). */
function redirectedTo(url: string, body: BodyInit | null = "<html></html>"): Response {
  const response = new Response(body, { status: 200 });
  Object.defineProperty(response, "redirected", { value: true });
  Object.defineProperty(response, "url", { value: url });
  return response;
}

const noNavigation = () => {
  throw new Error("unexpected navigation");
};

describe("apiRequest: sending", () => {
  it("POSTs the body as JSON with the same-origin cookies", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));

    await expect(apiRequest("/zapi/account/edit", { body: { nickname: "ソラ" } })).resolves.toEqual({
      ok: true,
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/zapi/account/edit");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe('{"nickname":"ソラ"}');
  });

  it("sends no body when none is given", async () => {
    fetchMock.mockResolvedValue(json({ data: [] }));

    await apiRequest("/zapi/account/payment-history/1", { method: "GET" });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe("GET");
    expect(init?.body).toBeUndefined();
  });

  it("passes the caller's abort signal to fetch", async () => {
    fetchMock.mockResolvedValue(json({}));
    const controller = new AbortController();

    await apiRequest("/zapi/x", { signal: controller.signal });

    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(controller.signal);
  });
});

describe("apiRequest: answers", () => {
  it("resolves a 404 with its body instead of failing", async () => {
    fetchMock.mockResolvedValue(json({ code: "NOT_FOUND", message: "none" }, 404));

    await expect(apiRequest("/zapi/x")).resolves.toEqual({ code: "NOT_FOUND", message: "none" });
  });

  it("resolves a 204 as an empty object", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiRequest("/zapi/x")).resolves.toEqual({});
  });

  it("treats a body that is not JSON as empty", async () => {
    fetchMock.mockResolvedValue(new Response("<html>OK</html>", { status: 200 }));

    await expect(apiRequest("/zapi/x")).resolves.toEqual({});
  });

  it("throws the error body with its status, code, message and request id", async () => {
    const body = {
      code: "INVALID_PASSWORD_REUSED",
      message: "同じパスワードです",
      requestId: "r-1",
      errors: [],
    };
    fetchMock.mockResolvedValue(json(body, 400));

    const error = await apiRequest("/zapi/account/password/edit").catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 400,
      code: "INVALID_PASSWORD_REUSED",
      message: "同じパスワードです",
      requestId: "r-1",
      body,
    });
  });

  it("throws on a failure whose body is not JSON, keeping the status", async () => {
    fetchMock.mockResolvedValue(new Response("Bad Gateway", { status: 502 }));

    const error = await apiRequest("/zapi/x").catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: null, requestId: null, body: {} });
    expect((error as ApiClientError).apiMessage).toBeNull();
  });
});

describe("apiRequest: redirects", () => {
  it("navigates to a redirectTo in the body and resolves with the body", async () => {
    fetchMock.mockResolvedValue(json({ redirectTo: "/mypage/pin-code/complete" }));
    const navigate = vi.fn();

    await expect(apiRequest("/zapi/account/pinCode/set", { navigate })).resolves.toEqual({
      redirectTo: "/mypage/pin-code/complete",
    });
    expect(navigate).toHaveBeenCalledWith("/mypage/pin-code/complete");
  });

  it("navigates instead of failing when an error answer carries redirectTo", async () => {
    fetchMock.mockResolvedValue(json({ code: "REQUEST_UNAUTHORIZED", redirectTo: "/login" }, 401));
    const navigate = vi.fn();

    await expect(apiRequest("/zapi/x", { navigate })).resolves.toMatchObject({ redirectTo: "/login" });
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("ignores a redirectTo that is not a non-empty string", async () => {
    fetchMock.mockResolvedValueOnce(json({ redirectTo: 42 })).mockResolvedValueOnce(json({ redirectTo: "" }));

    await expect(apiRequest("/zapi/x", { navigate: noNavigation })).resolves.toEqual({ redirectTo: 42 });
    await expect(apiRequest("/zapi/x", { navigate: noNavigation })).resolves.toEqual({ redirectTo: "" });
  });

  it("navigates to where a redirected response ended, as a path of this site", async () => {
    vi.stubGlobal("window", {
      location: { href: "https://shop.example.jp/mypage", origin: "https://shop.example.jp" },
    });
    fetchMock.mockResolvedValue(redirectedTo("https://shop.example.jp/mypage/connections"));
    const navigate = vi.fn();

    await expect(apiRequest("/zapi/oidc/revoke/grant/g1", { body: {}, navigate })).resolves.toEqual({});
    expect(navigate).toHaveBeenCalledWith("/mypage/connections");
  });

  it("does not follow a redirect that ended on another site", async () => {
    vi.stubGlobal("window", {
      location: { href: "https://shop.example.jp/mypage", origin: "https://shop.example.jp" },
    });
    fetchMock.mockResolvedValue(redirectedTo("https://evil.example/phish"));

    await expect(apiRequest("/zapi/x", { navigate: noNavigation })).resolves.toEqual({});
  });

  it.each(["//evil.example", "/\t/evil.example", "https://evil.example", "javascript:alert(1)"])(
    "refuses the unsafe redirectTo %j (one safe-redirect rule)",
    async (redirectTo) => {
      fetchMock.mockResolvedValue(json({ redirectTo }));
      await expect(apiRequest("/zapi/x", { navigate: noNavigation })).resolves.toEqual({ redirectTo });
    },
  );

  it("navigates with window.location.assign by default", async () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { assign } });
    fetchMock.mockResolvedValue(json({ redirectTo: "/mypage" }));

    await apiRequest("/zapi/x");

    expect(assign).toHaveBeenCalledWith("/mypage");
  });
});

describe("retryDelay", () => {
  it("doubles from one second per retry", () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4].map((n) => retryDelay(n, noJitter))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("adds up to one second of jitter", () => {
    expect(retryDelay(1, () => 0.5)).toBe(1500);
    expect(retryDelay(3, () => 0.999_999)).toBeLessThan(5000);
    expect(retryDelay(3, () => 0.999_999)).toBeGreaterThan(4999);
  });
});

describe("apiRequest: retries", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  /** Advances fake time and reports how many requests have been sent by then. */
  async function callsAfter(ms: number): Promise<number> {
    await vi.advanceTimersByTimeAsync(ms);
    return fetchMock.mock.calls.length;
  }

  it("does not retry unless asked", async () => {
    fetchMock.mockResolvedValue(json({ message: "down" }, 503));

    await expect(apiRequest("/zapi/x")).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("waits 1 s, 2 s, 4 s plus jitter between attempts, then throws the last failure", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: "first" }, 500))
      .mockResolvedValueOnce(json({ message: "second" }, 502))
      .mockResolvedValueOnce(json({ message: "third" }, 503))
      .mockResolvedValueOnce(json({ message: "last", code: "UNAVAILABLE" }, 503));
    const outcome = apiRequest("/zapi/x", { retries: 3, random: () => 0.25 }).catch(
      (error: unknown) => error,
    );

    expect(await callsAfter(0)).toBe(1);
    expect(await callsAfter(1249)).toBe(1);
    expect(await callsAfter(1)).toBe(2);
    expect(await callsAfter(2249)).toBe(2);
    expect(await callsAfter(1)).toBe(3);
    expect(await callsAfter(4249)).toBe(3);
    expect(await callsAfter(1)).toBe(4);

    await expect(outcome).resolves.toMatchObject({ status: 503, code: "UNAVAILABLE", message: "last" });
    expect(await callsAfter(60_000)).toBe(4);
  });

  it("stops retrying as soon as an answer succeeds", async () => {
    fetchMock.mockResolvedValueOnce(json({}, 500)).mockResolvedValueOnce(json({ done: true }));
    const outcome = apiRequest("/zapi/x", { retries: 5, random: () => 0 });

    await vi.advanceTimersByTimeAsync(1000);

    await expect(outcome).resolves.toEqual({ done: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("retries a 404 too, then resolves with its body", async () => {
    fetchMock.mockResolvedValue(json({ code: "NOT_FOUND" }, 404));
    const outcome = apiRequest("/zapi/x", { retries: 1, random: () => 0 });

    await vi.advanceTimersByTimeAsync(1000);

    await expect(outcome).resolves.toEqual({ code: "NOT_FOUND" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("uses Math.random for the jitter by default", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.75);
    fetchMock.mockResolvedValue(json({}, 500));
    const outcome = apiRequest("/zapi/x", { retries: 1 }).catch((error: unknown) => error);

    expect(await callsAfter(1749)).toBe(1);
    expect(await callsAfter(1)).toBe(2);
    await expect(outcome).resolves.toBeInstanceOf(ApiClientError);
  });

  it("retries after a network error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(json({ ok: 1 }));
    const outcome = apiRequest("/zapi/x", { retries: 1, random: () => 0 });

    await vi.advanceTimersByTimeAsync(1000);

    await expect(outcome).resolves.toEqual({ ok: 1 });
  });

  it("throws a network error as an ApiClientError once retries are spent", async () => {
    const networkFailure = new TypeError("Failed to fetch");
    fetchMock.mockRejectedValue(networkFailure);
    const outcome = apiRequest("/zapi/x", { retries: 1, random: () => 0 }).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(1000);

    const error = await outcome;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: NETWORK_ERROR_STATUS, code: null, cause: networkFailure });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives up at once when the caller aborts during a back-off", async () => {
    fetchMock.mockResolvedValue(json({}, 500));
    const controller = new AbortController();
    const outcome = apiRequest("/zapi/x", { retries: 3, signal: controller.signal }).catch(
      (error: unknown) => error,
    );

    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error("left the page"));

    await expect(outcome).resolves.toMatchObject({ message: "left the page" });
    expect(await callsAfter(60_000)).toBe(1);
  });

  it("does not retry a fetch the caller aborted", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });

    await expect(apiRequest("/zapi/x", { retries: 3, signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("errorMessage", () => {
  let tJa: Translate;
  let tEn: Translate;

  beforeAll(async () => {
    tJa = createI18n("ja", { ja, en }).t;
    tEn = createI18n("en", { ja, en }).t;
  });

  it("shows the message the API sent", () => {
    const error = new ApiClientError(400, { code: "X", message: "このユーザIDは既に使用されています。" });
    expect(errorMessage(error, tJa)).toBe("このユーザIDは既に使用されています。");
  });

  it("falls back to the generic text when the API sent no message", () => {
    expect(errorMessage(new ApiClientError(500, {}), tJa)).toBe("エラーが発生しました。");
    expect(errorMessage(new ApiClientError(500, { message: "" }), tJa)).toBe("エラーが発生しました。");
    expect(errorMessage(new ApiClientError(500, {}), tEn)).toBe("An error has occurred.");
  });

  it("does not show the text of errors that did not come from the API", () => {
    expect(errorMessage(new TypeError("Failed to fetch"), tJa)).toBe("エラーが発生しました。");
    expect(errorMessage("boom", tJa)).toBe("エラーが発生しました。");
  });
});
