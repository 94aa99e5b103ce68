/**
 * What the server process hands every loader and action (built per request in server/main.ts).
 * `app/` sees the API only through this transport and the HTTP contract, never through server code.
 */
export interface ZapiTransport {
  /** The embedded API, called in-process with a Request (no socket). */
  inProcess: ((request: Request) => Promise<Response>) | null;
  /** When set (ZAPI_ORIGIN), the API is called over HTTP at this origin instead. */
  origin: string | null;
  /** The browser's address as seen by the server, forwarded to the API. */
  clientAddress: string | null;
}

declare module "react-router" {
  interface AppLoadContext {
    zapi: ZapiTransport;
    /** This response's CSP nonce (app/lib/nonce.tsx); "" when the server sets no CSP (tests). */
    cspNonce?: string;
    /** The trusted public origin (PUBLIC_ORIGIN or the localhost default); https makes cookies Secure. */
    publicOrigin?: string;
    /** RECAPTCHA_SCRIPT_URL: the reCAPTCHA Enterprise script pages load when the store enables it. */
    recaptchaScriptUrl?: string;
  }
}
