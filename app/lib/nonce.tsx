/**
 * The CSP nonce of the response being rendered (issue 7 §3). The server makes one per request
 * (server/security-headers.ts), puts it in the Content-Security-Policy header and hands it to the
 * render through the load context; every inline or external <script> the page renders carries it.
 * In the browser the value is "" (browsers hide nonce attributes after parsing), which is what
 * scripts created after hydration need: they load from allowed origins, not by nonce.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
