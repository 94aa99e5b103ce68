import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/test-database.ts";
import { registerCard, startRedirect } from "./processor.ts";
import { createSandboxRoutes } from "./routes.ts";

const now = new Date("2026-04-01T03:00:00.000Z");
const merchant = { merchantId: "sandbox-merchant", serviceId: "001" };
const origin = "http://localhost";

let database: TestDatabase;
let routes: ReturnType<typeof createSandboxRoutes>;
beforeEach(async () => {
  database = await openTestDatabase();
  routes = createSandboxRoutes({ db: database.db, config: () => merchant, now: () => now });
});
afterEach(() => database.close());

const request = async (path: string, init?: RequestInit) =>
  routes.fetch(new Request(`${origin}${path}`, init));
const postJson = (path: string, body: unknown) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const postForm = (path: string, fields: Record<string, string>) =>
  request(path, { method: "POST", body: new URLSearchParams(fields) });

const card = { ...merchant, ccNumber: "4242424242424242", ccExpiration: "203012", securityCode: "123" };

/** Runs a served script as a browser would, with fetch reaching the sandbox; answers what it calls back. */
async function callScript(path: string, globalName: string, tokenRequest: unknown): Promise<unknown> {
  const source = await (await request(path)).text();
  const window: Record<
    string,
    { generateToken(request: unknown, callback: (answer: unknown) => void): void }
  > = {};
  runInNewContext(source, {
    window,
    document: { currentScript: { src: `${origin}${path}` } },
    URL,
    JSON,
    fetch: (url: URL, init: RequestInit) => routes.fetch(new Request(url, init)),
  });
  const api = window[globalName];
  if (!api) throw new Error(`${globalName} was not defined`);
  return new Promise((resolve) => api.generateToken(tokenRequest, resolve));
}

describe("the token scripts", () => {
  it("serve SBPS's call shape: generateToken(request, callback) answers a token or an error code", async () => {
    const script = await request("/sandbox-pay/token.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await callScript("/sandbox-pay/token.js", "com_sbps_system", card)).toMatchObject({
      result: "OK",
      tokenResponse: {
        token: expect.any(String),
        tokenKey: expect.any(String),
        maskedCcNumber: "************4242",
      },
    });
    expect(
      await callScript("/sandbox-pay/token.js", "com_sbps_system", { ...card, securityCode: "" }),
    ).toEqual({ result: "NG", errorCode: "03005" });
    expect(await callScript("/sandbox-pay/tds2.js", "com_sbps_system_tds2", merchant)).toMatchObject({
      result: "OK",
      tokenResponse: { token: expect.any(String), tokenKey: expect.any(String) },
    });
  });

  it("answer a body that is not a token request with an error code, never a failure", async () => {
    for (const body of ["not json", "[]", "null", '{"merchantId": 5}']) {
      const response = await request("/sandbox-pay/api/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ result: "NG", errorCode: "03001" });
    }
    const large = await postJson("/sandbox-pay/api/token", { ...card, padding: "x".repeat(5000) });
    expect(large.status).toBe(413);
  });
});

describe("the action page", () => {
  async function challenge() {
    const body = (await (
      await postJson("/sandbox-pay/api/token", { ...card, ccNumber: "4000000000003220" })
    ).json()) as {
      tokenResponse: { token: string; tokenKey: string };
    };
    const tds2 = (await (await postJson("/sandbox-pay/api/tds2", merchant)).json()) as {
      tokenResponse: { token: string; tokenKey: string };
    };
    const outcome = await registerCard(
      database.db,
      merchant,
      {
        customerRef: "member",
        ...body.tokenResponse,
        tds2Token: tds2.tokenResponse.token,
        tds2TokenKey: tds2.tokenResponse.tokenKey,
        returnUrl: `${origin}/mypage/payment-method/return?state=s1`,
      },
      now,
    );
    if (outcome.status !== "requires_action") throw new Error("no challenge");
    return outcome.action;
  }

  it("shows the challenge with the card, and sends the member back to the store after the answer, once", async () => {
    const action = await challenge();
    const shown = await request(action.url);
    const html = await shown.text();
    expect(html).toContain("3-Dセキュア認証");
    expect(html).toContain("Visa ····3220");
    expect(html).toContain('value="approve"');
    // A registration pays nothing: no amount (a purchase's challenge shows one: purchase.test.ts).
    expect(html).not.toContain("Amount");

    const answered = await postForm(action.url, { decision: "approve" });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("location")).toBe(`${origin}/mypage/payment-method/return?state=s1`);
    const again = await postForm(action.url, { decision: "refuse" });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("この手続きは終了しました");
  });

  it("shows the carrier's page when the store's form posts to it, and an unknown action as ended", async () => {
    const action = await startRedirect(
      database.db,
      merchant,
      {
        customerRef: "member",
        type: "SbpsDocomo",
        returnUrl: `${origin}/mypage/payment-method/return?state=s2`,
      },
      now,
    );
    const entered = await postForm(action.url, action.params);
    expect(entered.status).toBe(200);
    expect(await entered.text()).toContain("ドコモ払い");
    const cancelled = await postForm(action.url, { decision: "refuse" });
    expect(cancelled.headers.get("location")).toBe(`${origin}/mypage/payment-method/return?state=s2`);

    expect((await request("/sandbox-pay/action/act_unknown")).status).toBe(404);
    expect((await request("/sandbox-pay/nothing")).status).toBe(404);
  });
});
