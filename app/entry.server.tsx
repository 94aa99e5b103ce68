import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { detectLanguage, sharedI18n } from "../locales/language.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The CSP nonce of this response (server/security-headers.ts): React's and React Router's inline
  // scripts carry it, and so does every <script> a component renders (useNonce).
  const nonce = loadContext.cspNonce || undefined;
  const language = detectLanguage(request);
  const translator = await sharedI18n(language);
  // Bots and SPA-mode prerendering wait for the whole document; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <I18nextProvider i18n={translator}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** React Router's words for a post to a page that takes none (a 405). */
const NO_ACTION = /^You made a \w+ request to ".*" but did not provide an `action` for route/;

/**
 * What React Router reports of a request it could not serve. A post to a page without an action
 * (bots, a stale form) is answered 405 and worth one line, not a stack trace per request (issue 41
 * §18); anything else is logged in full. An aborted request (the visitor left) is not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  // A document request reports the 405 itself, a data request the error inside it.
  const noAction =
    (isRouteErrorResponse(error) && error.status === 405) ||
    (error instanceof Error && NO_ACTION.test(error.message));
  if (noAction) {
    console.warn(`[site] 405 ${request.method} ${new URL(request.url).pathname}: the page takes no posts`);
    return;
  }
  console.error(error);
}
