import { describe, expect, it } from "vitest";
import { fakeApi } from "../../tests/action-harness.ts";
import { loader } from "./plans-purchase-return.tsx";

type LoaderArgs = Parameters<typeof loader>[0];

/** The issuer's page sends the member's browser back to `path`. */
async function comeBack(path: string, api: ReturnType<typeof fakeApi>) {
  const url = new URL(`http://localhost${path}`);
  const args = {
    request: new Request(url, { headers: { cookie: "lng=ja" } }),
    url,
    params: { planId: url.pathname.split("/").at(-2) },
    context: { zapi: api.zapi },
  } as unknown as LoaderArgs;
  try {
    return { answer: (await loader(args)) as unknown, redirect: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { answer: null, redirect: thrown };
    throw thrown;
  }
}

const purchaseCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.path.startsWith("/zapi/purchase/"));

describe("the way back from a purchase's 3-D Secure challenge", () => {
  it("hands the state to the API and goes on to the completion of the place it came back to", async () => {
    const api = fakeApi({ authId: "member", login: () => Response.json({ orderId: "o1" }) });
    const store = await comeBack("/plans/movie-rental-48h/return?state=s1", api);
    expect(store.redirect?.headers.get("Location")).toBe("/plans/movie-rental-48h/complete");
    const signup = await comeBack("/signup/plans/movie-rental-48h/return?state=s2", api);
    expect(signup.redirect?.headers.get("Location")).toBe("/signup/plans/movie-rental-48h/complete");
    expect(purchaseCalls(api)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/zapi/purchase/return/movie-rental-48h",
        body: { state: "s1" },
      }),
      expect.objectContaining({
        method: "POST",
        path: "/zapi/purchase/return/movie-rental-48h",
        body: { state: "s2" },
      }),
    ]);
  });

  it("shows the API's message and leads back to the plan of its place when the payment did not go through", async () => {
    const api = fakeApi({
      authId: "member",
      login: () =>
        Response.json(
          { code: "THREE_D_SECURE_FAILED", message: "3Dセキュア認証に失敗しました。" },
          { status: 400 },
        ),
    });
    const { answer } = await comeBack("/signup/plans/movie-purchase/return?state=s1", api);
    expect(answer).toMatchObject({
      data: { message: "3Dセキュア認証に失敗しました。", planPath: "/signup/plans/movie-purchase" },
      init: { status: 400 },
    });
  });

  it("sends a visitor who is not signed in to the login, asking nothing", async () => {
    const api = fakeApi({ authId: null, login: () => Response.json({ orderId: "o1" }) });
    const { redirect } = await comeBack("/plans/movie-purchase/return?state=s1", api);
    expect(redirect?.headers.get("Location")).toMatch(/^\/login\?returnTo=/);
    expect(purchaseCalls(api)).toEqual([]);
  });
});
