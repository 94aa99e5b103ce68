/**
 * A local stand-in for reCAPTCHA Enterprise, so tests never reach Google (issue 7 §10):
 * - `GET /recaptcha/enterprise.js` defines `grecaptcha.enterprise.ready/execute` like Google's
 *   script; `execute(siteKey, {action})` resolves with a token naming the site key and action;
 * - `POST /v1/projects/<id>/assessments?key=<apiKey>` answers like the assessment API: 403 for
 *   another API key, 400 for a body it cannot read, else `tokenProperties` and `riskAnalysis`,
 *   valid only for a token this script made for that site key.
 *
 * Run alone for e2e (`PORT=3219 npx tsx tests/fakes/recaptcha-server.ts`) or start it in a test
 * with startFakeRecaptcha().
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_RECAPTCHA_API_KEY = "fake-recaptcha-api-key";
export const FAKE_RECAPTCHA_SITE_KEY = "fake-site-key";
/** A token the fake makes for a browser whose score is too low to pass. */
export const FAKE_BOT_TOKEN = "fake-bot-token";

const TOKEN_PREFIX = "fake-recaptcha-token";

/** The token the fake script hands out for this site key and action. */
export function fakeRecaptchaToken(siteKey: string, action: string): string {
  return `${TOKEN_PREFIX}.${siteKey}.${action}`;
}

const ENTERPRISE_JS = `(() => {
  const prefix = ${JSON.stringify(TOKEN_PREFIX)};
  const enterprise = {
    ready(callback) { setTimeout(callback, 0); },
    execute(siteKey, options) {
      return Promise.resolve(prefix + "." + siteKey + "." + ((options && options.action) || ""));
    },
  };
  window.grecaptcha = Object.assign(window.grecaptcha || {}, { enterprise });
})();
`;

interface AssessmentRequest {
  event?: { token?: unknown; siteKey?: unknown; expectedAction?: unknown };
}

function assess(body: AssessmentRequest) {
  const token = typeof body.event?.token === "string" ? body.event.token : "";
  if (token === FAKE_BOT_TOKEN) {
    return {
      tokenProperties: { valid: true, action: body.event?.expectedAction },
      riskAnalysis: { score: 0.1 },
    };
  }
  const [prefix, siteKey, action] = token.split(".");
  const valid = prefix === TOKEN_PREFIX && siteKey === body.event?.siteKey;
  return valid
    ? { tokenProperties: { valid: true, action }, riskAnalysis: { score: 0.9 } }
    : { tokenProperties: { valid: false, invalidReason: "MALFORMED" } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: string, type = "application/json") {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

async function handle(request: IncomingMessage, response: ServerResponse, apiKey: string) {
  const url = new URL(request.url ?? "/", "http://fake.invalid");
  if (request.method === "GET" && url.pathname === "/recaptcha/enterprise.js") {
    return send(response, 200, ENTERPRISE_JS, "text/javascript; charset=utf-8");
  }
  if (request.method === "GET" && url.pathname === "/health") return send(response, 200, "{}");
  if (request.method === "POST" && /^\/v1\/projects\/[^/]+\/assessments$/.test(url.pathname)) {
    if (url.searchParams.get("key") !== apiKey) {
      return send(response, 403, JSON.stringify({ error: { code: 403, status: "PERMISSION_DENIED" } }));
    }
    let body: AssessmentRequest;
    try {
      body = JSON.parse(await readBody(request)) as AssessmentRequest;
    } catch {
      return send(response, 400, JSON.stringify({ error: { code: 400, status: "INVALID_ARGUMENT" } }));
    }
    return send(response, 200, JSON.stringify(assess(body)));
  }
  return send(response, 404, JSON.stringify({ error: { code: 404 } }));
}

export interface FakeRecaptcha {
  /** The origin to give as RECAPTCHA_ENTERPRISE_ORIGIN. */
  origin: string;
  /** The address to give as RECAPTCHA_SCRIPT_URL. */
  scriptUrl: string;
  close(): Promise<void>;
}

export async function startFakeRecaptcha(
  options: { port?: number; host?: string; apiKey?: string } = {},
): Promise<FakeRecaptcha> {
  const { port = 0, host = "127.0.0.1", apiKey = FAKE_RECAPTCHA_API_KEY } = options;
  const server: Server = createServer((request, response) => {
    handle(request, response, apiKey).catch(() => send(response, 500, "{}"));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  const origin = `http://${host}:${bound}`;
  return {
    origin,
    scriptUrl: `${origin}/recaptcha/enterprise.js`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeRecaptcha({ port: Number(process.env.PORT ?? 3219) });
  console.log(`fake reCAPTCHA on ${fake.origin}`);
}
