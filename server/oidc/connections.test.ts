/**
 * Connected apps (issue 47 §2): the member's grants as spec §3 Account grant, each client once;
 * another member's grant is neither shown nor revocable; a revocation ends every grant of the
 * member to that client and every token under them, and nothing else.
 */

import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREEN_BODY_SHAPES } from "../../app/lib/screen-data-shapes.server.ts";
import { action as connectionsPageAction } from "../../app/routes/mypage-connections.tsx";
import {
  createTestApi,
  insertSignedInAccount,
  type SignedInAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import { oidcModels } from "../db/schema.ts";
import { databaseAdapter } from "./adapter.ts";
import { parseOidcClients } from "./client-source.ts";

const CLIENTS = parseOidcClients(
  JSON.stringify({
    clients: [
      {
        client_id: "news",
        client_secret: "a-confidential-clients-secret-0123456789",
        token_endpoint_auth_method: "client_secret_basic",
        client_name: "Soramiru News",
        client_name_ja: "ソラミルニュース",
        logo_uri: "https://news.example.jp/logo.png",
        provider_name: "ソラミルニュース株式会社",
        description: "番組の最新情報をお届けします。",
        redirect_uris: ["https://news.example.jp/callback"],
      },
      {
        client_id: "shop",
        client_secret: "another-confidential-secret-0123456789",
        token_endpoint_auth_method: "client_secret_basic",
        client_name: "Soramiru Shop",
        redirect_uris: ["https://shop.example.jp/callback"],
      },
    ],
  }),
  "test",
);

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ deps: { oidcClients: { current: () => CLIENTS } } });
});
afterEach(() => t.close());

const YEAR = 365 * 24 * 60 * 60;

/** A grant as the provider stores it (server/oidc/adapter.ts), with a refresh token under it. */
async function grant(member: SignedInAccount, clientId: string, scope: string, issuedAt: string, id: string) {
  const store = databaseAdapter(t.db, () => t.clock.now());
  const iat = Math.floor(new Date(issuedAt).getTime() / 1000);
  await store("Grant").upsert(
    id,
    { jti: id, kind: "Grant", accountId: member.publicId, clientId, openid: { scope }, iat, exp: iat + YEAR },
    YEAR,
  );
  await store("RefreshToken").upsert(
    `rt-${id}`,
    { jti: `rt-${id}`, kind: "RefreshToken", accountId: member.publicId, clientId, grantId: id, iat },
    YEAR,
  );
}

function browserOf(member: SignedInAccount, language?: string) {
  const browser = new TestBrowser(t, language ? { language } : {});
  browser.cookies.set("sid", member.sessionToken);
  return browser;
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const rowsOf = (id: string) => t.db.$count(oidcModels, eq(oidcModels.grantId, id));
const grantRows = (member: SignedInAccount, clientId: string) =>
  t.db.$count(
    oidcModels,
    and(
      eq(oidcModels.model, "Grant"),
      eq(oidcModels.accountId, member.publicId),
      eq(oidcModels.clientId, clientId),
    ),
  );

describe("GET /zapi/internal/mypage/connections", () => {
  it("lists each connected client once, newest first, as spec §3 Account grant", async () => {
    const member = await insertSignedInAccount(t);
    const other = await insertSignedInAccount(t);
    await grant(member, "shop", "openid email", "2026-03-01T00:00:00Z", "g-shop");
    await grant(member, "news", "openid email profile", "2026-05-01T00:00:00Z", "g-news");
    // A client the operator has since removed, and another member's grant: not this member's list.
    await grant(member, "gone", "openid", "2026-06-01T00:00:00Z", "g-gone");
    await grant(other, "news", "openid", "2026-06-01T00:00:00Z", "g-other");

    const list = await json(await browserOf(member).get("/zapi/internal/mypage/connections/screen-data"));
    expect(list).toEqual({
      oidcProviderName: "ソラミル",
      accountGrants: [
        {
          client: {
            client_name: "Soramiru News",
            client_name_ja: "ソラミルニュース",
            logo_uri: "https://news.example.jp/logo.png",
            description: "番組の最新情報をお届けします。",
            provider_name: "ソラミルニュース株式会社",
          },
          issuedAt: "2026-05-01T00:00:00.000Z",
          clientId: "news",
          grantId: "g-news",
          authorizedScopes: [
            {
              scopeName: "会員であることの確認",
              scopeDescription: "あなたを識別する番号（会員IDとは別の番号）を連携先に伝えます。",
            },
            {
              scopeName: "メールアドレス",
              scopeDescription: "連絡先のメールアドレスと、その確認が済んでいるかどうか。",
            },
            expect.objectContaining({ scopeName: "プロフィール" }),
          ],
          oidcProviderName: "ソラミル",
        },
        expect.objectContaining({ clientId: "shop", grantId: "g-shop" }),
      ],
    });

    const inEnglish = await json(
      await browserOf(member, "en").get("/zapi/internal/mypage/connections/client/news/screen-data"),
    );
    expect(inEnglish.accountGrant).toMatchObject({
      authorizedScopes: [{ scopeName: "Confirm that you are a member" }, { scopeName: "E-mail address" }, {}],
      oidcProviderName: "Soramiru",
    });
    // Both in the shapes the pages read (connections-screen-data, connection-screen-data).
    const { connectedApps, connectedApp } = SCREEN_BODY_SHAPES;
    expect(connectedApps(list), JSON.stringify(connectedApps.errors)).toBe(true);
    expect(connectedApp(inEnglish), JSON.stringify(connectedApp.errors)).toBe(true);
    expect(connectedApp({ accountGrant: { ...(inEnglish.accountGrant as object), grantId: 7 } })).toBe(false);
  });

  it("is empty for a member who connected nothing, and asks a visitor to log in", async () => {
    const member = await insertSignedInAccount(t);
    expect(await json(await browserOf(member).get("/zapi/internal/mypage/connections/screen-data"))).toEqual({
      oidcProviderName: "ソラミル",
      accountGrants: [],
    });
    const visitor = await new TestBrowser(t).get("/zapi/internal/mypage/connections/screen-data");
    expect(visitor.status).toBe(401);
  });

  it("a client the member did not connect (another member's) is not found", async () => {
    const member = await insertSignedInAccount(t);
    const other = await insertSignedInAccount(t);
    await grant(other, "news", "openid", "2026-06-01T00:00:00Z", "g-other");
    const response = await browserOf(member).get("/zapi/internal/mypage/connections/client/news/screen-data");
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({
      code: "GRANT_NOT_FOUND",
      message: "連動アプリが見つかりません。すでに連動を解除している可能性があります。",
    });
  });

  it("sends the member to my page where the store does not offer it, and in the native app", async () => {
    const member = await insertSignedInAccount(t);
    const app = new TestBrowser(t, { userAgent: "Mozilla/5.0 (iPhone) SoramiruApp/3.4" });
    app.cookies.set("sid", member.sessionToken);
    expect(await json(await app.get("/zapi/internal/mypage/connections/screen-data"))).toEqual({
      redirectTo: "/mypage",
    });
    t.store.update((settings) => {
      settings.features.isEnabledConnectedApps = false;
    });
    expect(await json(await browserOf(member).get("/zapi/internal/mypage/connections/screen-data"))).toEqual({
      redirectTo: "/mypage",
    });
  });
});

describe("POST /zapi/oidc/revoke/grant/{grantId}", () => {
  it("ends every grant of the member to that client and every token under them, then goes to the list", async () => {
    const member = await insertSignedInAccount(t);
    await grant(member, "news", "openid", "2026-01-01T00:00:00Z", "g-news-old");
    await grant(member, "news", "openid email", "2026-05-01T00:00:00Z", "g-news");
    await grant(member, "shop", "openid", "2026-05-01T00:00:00Z", "g-shop");

    const response = await browserOf(member).post("/zapi/oidc/revoke/grant/g-news", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/mypage/connections");
    expect(await grantRows(member, "news")).toBe(0);
    expect(await rowsOf("g-news")).toBe(0);
    expect(await rowsOf("g-news-old")).toBe(0);
    // The other client stays connected.
    expect(await grantRows(member, "shop")).toBe(1);
    expect(await rowsOf("g-shop")).toBe(1);
  });

  it("is what the page's confirm dialog posts: the list then says it is done; a refusal stays on the page", async () => {
    const member = await insertSignedInAccount(t);
    await grant(member, "news", "openid", "2026-05-01T00:00:00Z", "g-news");
    const browser = browserOf(member);
    const page = "/mypage/connections/client/news";
    const done = await browser.postPageForm(connectionsPageAction, page, { grantId: "g-news" });
    expect(done.redirect?.headers.get("Location")).toBe("/mypage/connections?done=revoked");
    expect(await grantRows(member, "news")).toBe(0);
    const again = await browser.postPageForm(connectionsPageAction, page, { grantId: "g-news" });
    expect(again.redirect?.headers.get("Location")).toBe(page);
  });

  it("refuses another member's grant, an unknown one and a visitor, changing nothing", async () => {
    const member = await insertSignedInAccount(t);
    const other = await insertSignedInAccount(t);
    await grant(other, "news", "openid", "2026-05-01T00:00:00Z", "g-other");

    const refused = await browserOf(member).post("/zapi/oidc/revoke/grant/g-other", {});
    expect(refused.status).toBe(404);
    expect((await json(refused)).code).toBe("GRANT_NOT_FOUND");
    expect((await browserOf(member).post("/zapi/oidc/revoke/grant/nothing", {})).status).toBe(404);
    expect((await browserOf(member).post("/zapi/oidc/revoke/grant/%00", {})).status).toBe(404);
    expect((await new TestBrowser(t).post("/zapi/oidc/revoke/grant/g-other", {})).status).toBe(401);
    expect(await grantRows(other, "news")).toBe(1);
    expect(await rowsOf("g-other")).toBe(1);
  });
});
