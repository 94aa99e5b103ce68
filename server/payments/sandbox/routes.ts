/**
 * The sandbox processor's web side, served by the app under /sandbox-pay (ADR 0028):
 *
 * - token.js and tds2.js: the browser scripts, with SB Payment Service's call shape
 *   (`com_sbps_system.generateToken(request, callback)`, `com_sbps_system_tds2.generateToken(…)`);
 *   they talk only to this sandbox's /sandbox-pay/api/* endpoints;
 * - /action/{ref}: the page the member passes — the 3-D Secure challenge, the PayPal approval, the
 *   carrier's approval (entered by the store's form post) — which sends the browser back to the
 *   store's return URL after the member's answer.
 */

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CARD_BRAND_NAMES } from "../../../schemas/card.ts";
import type { PaymentMethodType } from "../../../schemas/types/payment-method.gen.ts";
import { yen } from "../../../schemas/yen.ts";
import type { Db } from "../../db/database.ts";
import { escapeHtml } from "../../mail/templates/render-mail.ts";
import type { BrowserPaymentConfig } from "../provider.ts";
import {
  createCardToken,
  createTds2Token,
  decideAction,
  findPendingAction,
  SANDBOX_BASE_PATH,
  type SandboxActionView,
} from "./processor.ts";
import { sandboxBrowserConfig } from "./sandbox-provider.ts";

export interface SandboxRoutesOptions {
  db: Db;
  config: () => Partial<BrowserPaymentConfig> | undefined;
  now: () => Date;
}

/** A token request is five short strings; anything larger is not one. */
const MAX_TOKEN_REQUEST_BYTES = 4 * 1024;

/**
 * The browser script: `generateToken(request, callback)` posts the request to the sandbox next to
 * the script and calls back with the answer, or with 99006 (system error) when the call fails.
 */
function tokenScript(globalName: string, endpoint: string): string {
  return `(function () {
  "use strict";
  var script = document.currentScript;
  var base = script && script.src ? new URL(${JSON.stringify(`${SANDBOX_BASE_PATH}/api/`)}, script.src) : null;
  function generateToken(request, callback) {
    if (!base) return callback({ result: "NG", errorCode: "99006" });
    fetch(new URL(${JSON.stringify(endpoint)}, base), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "omit",
      body: JSON.stringify(request || {})
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) { callback(answer); })
      .catch(function () { callback({ result: "NG", errorCode: "99006" }); });
  }
  window[${JSON.stringify(globalName)}] = { generateToken: generateToken };
})();
`;
}

const TOKEN_SCRIPT = tokenScript("com_sbps_system", "token");
const TDS2_SCRIPT = tokenScript("com_sbps_system_tds2", "tds2");

const TYPE_NAMES: Record<string, string> = {
  PaypalNvp: "PayPal",
  PaypalRest: "PayPal",
  SbpsAuSimple: "auかんたん決済 / au Easy Payment",
  SbpsAuone: "au PAY",
  SbpsDocomo: "ドコモ払い / d Payment",
  SbpsPaypay: "PayPay",
  SbpsSoftbank: "ソフトバンクまとめて支払い / SoftBank carrier billing",
  SbpsSoftbankYahoo: "ワイモバイルまとめて支払い / Y!mobile carrier billing",
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, "Noto Sans JP", sans-serif; background: #f3f4f6; color: #1f2937; }
  main { box-sizing: border-box; width: calc(100% - 2rem); max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  .badge { display: inline-block; padding: 0.125rem 0.5rem; border-radius: 999px; background: #fef3c7;
    color: #92400e; font-size: 0.8125rem; font-weight: 700; }
  h1 { font-size: 1.375rem; margin: 0.75rem 0 1rem; }
  p { line-height: 1.7; }
  .actions { display: flex; flex-direction: column; gap: 0.75rem; margin-top: 1.5rem; }
  button, a.button { font: inherit; font-weight: 700; padding: 0.75rem 1rem; border-radius: 999px; border: 1px solid #1d4ed8;
    text-align: center; text-decoration: none; cursor: pointer; }
  button[value="approve"] { background: #1d4ed8; color: #fff; }
  button[value="refuse"], a.button { background: #fff; color: #1d4ed8; }
  button:focus-visible, a:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  label { display: flex; flex-direction: column; gap: 0.25rem; font-weight: 700; }
  input { font: inherit; padding: 0.625rem 0.75rem; border: 1px solid #94a3b8; border-radius: 0.5rem; }
</style>
</head>
<body>
<main>
<span class="badge">SANDBOX / テスト環境</span>
${body}
</main>
</body>
</html>`;
}

/** The account the member approves with: PayPal's e-mail, a carrier's phone number. */
function accountField(type: PaymentMethodType): string {
  const paypal = type.startsWith("Paypal");
  const [label, inputType, value] = paypal
    ? ["メールアドレス / E-mail", "email", "buyer@example.com"]
    : ["電話番号 / Phone number", "tel", "090-1234-5678"];
  return `  <label>${label} <input name="account" type="${inputType}" value="${value}" autocomplete="off"></label>\n`;
}

function actionPage(action: SandboxActionView): string {
  const challenge = action.kind === "challenge";
  const title = challenge ? "3-Dセキュア認証 / 3-D Secure" : `${TYPE_NAMES[action.type] ?? action.type}`;
  const card =
    action.card && action.card.brand !== "Unknown"
      ? `${CARD_BRAND_NAMES[action.card.brand]} ····${action.card.last4}`
      : action.card
        ? `····${action.card.last4}`
        : "";
  // A charge's challenge says what is paid, as an issuer's page does.
  const payment = action.amount === null ? "" : `<p>お支払い金額 / Amount: ${yen(action.amount)}</p>\n`;
  const lead = challenge
    ? `<p>カード会社の本人認証のテストページです。${escapeHtml(card)} の認証結果を選んでください。</p>
<p lang="en">This stands for the card issuer's authentication of ${escapeHtml(card)}. Choose the result.</p>
${payment}`
    : `<p>お支払い方法の登録を承認するテストページです。</p>
<p lang="en">This stands for the provider's approval of the payment method.</p>`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
${lead}
<form method="post" action="${SANDBOX_BASE_PATH}/action/${escapeHtml(action.ref)}" class="actions">
${challenge ? "" : accountField(action.type)}  <button type="submit" name="decision" value="approve">${challenge ? "認証する / Authenticate" : "承認する / Approve"}</button>
  <button type="submit" name="decision" value="refuse">${challenge ? "認証に失敗させる / Fail" : "キャンセル / Cancel"}</button>
</form>`,
  );
}

const GONE_PAGE = page(
  "Sandbox",
  `<h1>この手続きは終了しました / This step has ended</h1>
<p>有効期限が切れたか、すでに完了しています。お手数ですが、ストアの画面からもう一度お試しください。</p>
<p lang="en">It expired or was already completed. Please start again from the store.</p>
<div class="actions"><a class="button" href="/mypage/payment-method">お支払い方法へ / Payment methods</a></div>`,
);

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function createSandboxRoutes({ db, config, now }: SandboxRoutesOptions) {
  const merchant = () => sandboxBrowserConfig(config());
  const tooLarge = bodyLimit({
    maxSize: MAX_TOKEN_REQUEST_BYTES,
    onError: (c) => c.json({ result: "NG", errorCode: "99006" }, 413),
  });
  const script = (source: string) =>
    new Response(source, {
      headers: {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      },
    });

  const app = new Hono().basePath(SANDBOX_BASE_PATH);
  app.get("/token.js", () => script(TOKEN_SCRIPT));
  app.get("/tds2.js", () => script(TDS2_SCRIPT));
  app.post("/api/token", tooLarge, async (c) => {
    const answer = await createCardToken(db, merchant(), await readJsonObject(c.req.raw), now());
    c.header("Cache-Control", "no-store");
    return c.json(answer, answer.result === "OK" ? 200 : 400);
  });
  app.post("/api/tds2", tooLarge, async (c) => {
    const answer = await createTds2Token(db, merchant(), await readJsonObject(c.req.raw), now());
    c.header("Cache-Control", "no-store");
    return c.json(answer, answer.result === "OK" ? 200 : 400);
  });

  const showAction = async (ref: string) => {
    const action = await findPendingAction(db, ref, now());
    return action
      ? new Response(actionPage(action), { headers: htmlHeaders })
      : new Response(GONE_PAGE, { status: 404, headers: htmlHeaders });
  };
  app.get("/action/:ref", (c) => showAction(c.req.param("ref")));
  // The carriers are entered by the store's form post; the member's answer is a post too.
  app.post(
    "/action/:ref",
    bodyLimit({ maxSize: MAX_TOKEN_REQUEST_BYTES, onError: (c) => c.text("", 413) }),
    async (c) => {
      const ref = c.req.param("ref");
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const decision = form.decision;
      if (decision !== "approve" && decision !== "refuse") return showAction(ref);
      const account = typeof form.account === "string" ? form.account.slice(0, 200) : null;
      const returnUrl = await decideAction(db, ref, decision === "approve", now(), account);
      if (!returnUrl) return new Response(GONE_PAGE, { status: 404, headers: htmlHeaders });
      return c.redirect(returnUrl, 303);
    },
  );
  app.all("*", (c) => c.text("Not found", 404));
  return app;
}

const htmlHeaders = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
