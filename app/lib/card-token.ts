/**
 * The card's way to the provider (spec §7 provider scripts, §8 Card token errors): the provider's
 * token scripts are loaded on demand and turn the card into one-time tokens in the browser; the
 * card number and security code never reach our server. A refusal's 5-character code becomes the
 * message of spec §8: the item (characters 3–5) and the kind (characters 1–2), else the fallback.
 */

import type { TFunction } from "i18next";
import type { PaymentProviderConfig } from "../../schemas/types/payment-method-screen-data.gen.ts";

/** The provider's public config from the screen data (never a secret). */
export type { PaymentProviderConfig };

export interface CardEntry {
  cardNumber: string;
  /** "01" … "12" */
  expiryMonth: string;
  /** Two digits. */
  expiryYear: string;
  securityCode: string;
}

export interface CardTokens {
  token: string;
  tokenKey: string;
  tds2infoToken: string;
  tds2infoTokenKey: string;
}

type TokenAnswer = {
  result?: unknown;
  errorCode?: unknown;
  tokenResponse?: { token?: unknown; tokenKey?: unknown };
};
type TokenApi = {
  generateToken(request: Record<string, string>, callback: (answer: TokenAnswer) => void): void;
};

const TOKEN_ERROR = /^(03|04|05|07)(00[1-5])$/;
const FALLBACK_CODE = "99006";

/** Spec §8: "{item} + {kind}" for a known kind and item, else クレジットカードの登録に失敗しました. */
export function cardTokenErrorMessage(code: unknown, t: TFunction): string {
  const match = typeof code === "string" ? TOKEN_ERROR.exec(code) : null;
  const base = "mypage.paymentMethodPage.tokenError";
  if (!match) return t(`${base}.fallback`);
  return t(`${base}.kinds.${match[1]}`, { item: t(`${base}.items.${match[2]}`) });
}

const scripts = new Map<string, Promise<void>>();

/** Loads a script once per page; a failed load may be tried again. */
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error(`${url} did not load`));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

function tokenApi(name: "com_sbps_system" | "com_sbps_system_tds2"): TokenApi | null {
  const api = (window as unknown as Record<string, unknown>)[name] as TokenApi | undefined;
  return typeof api?.generateToken === "function" ? api : null;
}

function generate(api: TokenApi, request: Record<string, string>): Promise<TokenAnswer> {
  return new Promise((resolve) => api.generateToken(request, resolve));
}

function tokensOf(answer: TokenAnswer): { token: string; tokenKey: string } | null {
  const { token, tokenKey } = answer.tokenResponse ?? {};
  return answer.result === "OK" && typeof token === "string" && typeof tokenKey === "string"
    ? { token, tokenKey }
    : null;
}

/**
 * A 3-D Secure 2 info token for a charge of a saved card (spec §4 Purchase: for a card method a
 * 3-D Secure token is generated first), or null when the provider's script does not load or answer.
 */
export async function threeDSecureToken(
  config: PaymentProviderConfig,
): Promise<{ tds2infoToken: string; tds2infoTokenKey: string } | null> {
  try {
    await loadScript(config.tds2ScriptUrl);
  } catch {
    return null;
  }
  const api = tokenApi("com_sbps_system_tds2");
  const answer =
    api && tokensOf(await generate(api, { merchantId: config.merchantId, serviceId: config.serviceId }));
  return answer ? { tds2infoToken: answer.token, tds2infoTokenKey: answer.tokenKey } : null;
}

/**
 * The card's token and its 3-D Secure info token, or the error code to show (a script that does
 * not load or answer counts as the provider's system error).
 */
export async function cardTokens(
  config: PaymentProviderConfig,
  card: CardEntry,
): Promise<{ ok: true; tokens: CardTokens } | { ok: false; code: string }> {
  try {
    await Promise.all([loadScript(config.tokenScriptUrl), loadScript(config.tds2ScriptUrl)]);
  } catch {
    return { ok: false, code: FALLBACK_CODE };
  }
  const cardApi = tokenApi("com_sbps_system");
  if (!cardApi) return { ok: false, code: FALLBACK_CODE };
  const ids = { merchantId: config.merchantId, serviceId: config.serviceId };
  const cardAnswer = await generate(cardApi, {
    ...ids,
    ccNumber: card.cardNumber.replace(/\D/g, ""),
    ccExpiration: `20${card.expiryYear}${card.expiryMonth}`,
    securityCode: card.securityCode,
  });
  const cardToken = tokensOf(cardAnswer);
  if (!cardToken)
    return {
      ok: false,
      code: typeof cardAnswer.errorCode === "string" ? cardAnswer.errorCode : FALLBACK_CODE,
    };
  const tds2Token = await threeDSecureToken(config);
  if (!tds2Token) return { ok: false, code: FALLBACK_CODE };
  return { ok: true, tokens: { ...cardToken, ...tds2Token } };
}
