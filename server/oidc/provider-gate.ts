/**
 * What every request to the login provider passes before oidc-provider sees it. The provider is a
 * Node handler beside the site (server/main.ts), so the site's Host check and security headers do
 * not reach it; this gives it the same rules:
 *
 * - a Host that is not the site's is answered 421, as the site answers it;
 * - the provider sees the request as addressed to the public origin (Host, scheme), so every URL it
 *   writes — discovery's endpoints, the logout form's action, redirects — comes from configuration,
 *   never from a forged Host or X-Forwarded-Host;
 * - its answers carry a CSP that suits its own pages, no framing, nosniff, a Referrer-Policy and
 *   HSTS under https; discovery and the JWKS may be kept by shared caches for a few minutes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";

export interface ProviderGateOptions {
  publicOrigin: string;
  /** The Host names the site answers (server/site.ts trustedHosts); left out, the public origin's alone. */
  hosts?: { canonical: string; aliases: ReadonlySet<string> };
  /** TRUST_PROXY: the client's address is the proxy's last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** Origins the provider's pages may send a form to (redirect and post-logout URIs of the clients). */
  formTargets: () => readonly string[];
}

/** Discovery and the JWKS change only with a key rotation, which publishes keys well ahead. */
export const PROVIDER_METADATA_CACHE = "public, max-age=300";
const METADATA_PATHS = new Set(["/.well-known/openid-configuration", "/op/jwks"]);

const END_SESSION_PATH = "/op/session/end";

const MISDIRECTED = "This site is not served under that host name.";

/** The client's address as the site reads it (server/kit/request-info.ts clientAddress). */
function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string {
  const socketAddress = req.socket.remoteAddress ?? "";
  if (!trustProxy) return socketAddress;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .at(-1);
  return forwarded && isIP(forwarded) ? forwarded : socketAddress;
}

/** The provider's Content-Security-Policy; oidc-provider adds the hash of each inline script it writes. */
export function providerCsp(formTargets: readonly string[], https: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The logout question's and the form post page's own styles.
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self'${formTargets.length > 0 ? ` ${formTargets.join(" ")}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Makes the gate: answers false (and 421) for a foreign Host, else readies the request and the
 * response for the provider and answers true.
 */
export function providerGate(options: ProviderGateOptions) {
  const { protocol, host } = new URL(options.publicOrigin);
  const scheme = protocol.replace(/:$/, "");
  const https = scheme === "https";
  const hosts = options.hosts ?? { canonical: host, aliases: new Set<string>() };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const asked = req.headers.host?.toLowerCase();
    const trusted = asked === hosts.canonical || (asked !== undefined && hosts.aliases.has(asked));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (!trusted) {
      res.writeHead(421, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end(MISDIRECTED);
      return false;
    }
    // The provider believes these headers (provider.proxy): they are ours, never the client's.
    req.headers.host = host;
    delete req.headers["x-forwarded-host"];
    req.headers["x-forwarded-proto"] = scheme;
    req.headers["x-forwarded-for"] = clientAddressOf(req, options.trustProxy);
    res.setHeader("Content-Security-Policy", providerCsp(options.formTargets(), https));
    const path = new URL(req.url ?? "/", options.publicOrigin).pathname;
    // Logging out is a page a member's browser opens: its errors are the product's error page,
    // never oidc-provider's JSON, whatever the request says it accepts.
    if (path.startsWith(END_SESSION_PATH)) req.headers.accept = "text/html";
    if (METADATA_PATHS.has(path) && req.method === "GET")
      res.setHeader("Cache-Control", PROVIDER_METADATA_CACHE);
    return true;
  };
}
