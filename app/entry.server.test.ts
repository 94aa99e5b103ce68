import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server.tsx";

afterEach(() => vi.restoreAllMocks());

describe("handleError (issue 41 §18)", () => {
  it("answers a post to a page without an action with one line, not a stack trace", async () => {
    // The very error React Router makes for such a post, so a change of its words shows here.
    const handler = createStaticHandler([{ id: "page", path: "/oidc/consent/form", loader: () => null }]);
    const request = new Request("http://localhost/oidc/consent/form", { method: "POST", body: "x=1" });
    const context = await handler.query(request);
    if (context instanceof Response) throw new Error("expected a context");
    const refusal = context.errors?.page;
    expect(isRouteErrorResponse(refusal) && refusal.status).toBe(405);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // A document request reports the 405 itself, a data request the error inside it.
    handleError(refusal, { request });
    handleError((refusal as { error?: unknown }).error, { request });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith("[site] 405 POST /oidc/consent/form: the page takes no posts");
  });

  it("logs any other error in full, and nothing for a request the visitor left", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("the loader failed");
    handleError(failure, { request: new Request("http://localhost/mypage") });
    expect(error).toHaveBeenCalledWith(failure);
    const aborted = new AbortController();
    aborted.abort();
    handleError(failure, { request: new Request("http://localhost/mypage", { signal: aborted.signal }) });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
