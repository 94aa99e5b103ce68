/**
 * The browser's half of the passkey ceremonies (ADR 0050), with the maintained WebAuthn library:
 * ask the API for a challenge, let the browser's authenticator answer it (the phone's or
 * computer's lock), send the answer back. Loaded only when a page starts a ceremony (a button, or
 * the login page's offer in the identifier field's autofill), so no page carries it with itself.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { ApiClientError, apiRequest } from "../../lib/api-client.ts";

/** How a ceremony ended; `message` is the API's own when it refused. */
export type PasskeyOutcome =
  | { ok: true }
  | { ok: false; reason: "unsupported" | "cancelled" | "refused"; message: string | null };

const unsupported: PasskeyOutcome = { ok: false, reason: "unsupported", message: null };

/** The browser said no (the member closed the prompt, the time ran out) or the API refused. */
function failure(error: unknown): PasskeyOutcome {
  if (error instanceof ApiClientError) return { ok: false, reason: "refused", message: error.apiMessage };
  return { ok: false, reason: "cancelled", message: null };
}

/**
 * Signs in with a passkey through the login calls under `base` (/zapi, or /zapi/oidc inside the
 * login provider's flow); on success the page goes to `landing`, or where the API says first (a
 * revised policy to agree to). With `autofill`, the browser offers the passkeys in the identifier
 * field's suggestions and this waits until the member picks one; an autofill request that another
 * ceremony replaced ends quietly (null).
 */
export async function signInWithPasskey(
  base: string,
  landing: string,
  autofill = false,
): Promise<PasskeyOutcome | null> {
  if (!browserSupportsWebAuthn() || (autofill && !(await browserSupportsWebAuthnAutofill()))) {
    return autofill ? null : unsupported;
  }
  try {
    const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(`${base}/login/passkey/options`, {
      body: {},
    });
    if (typeof options.challenge !== "string") return unsupported;
    const credential = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
    let redirected = false;
    await apiRequest(`${base}/login/passkey`, {
      body: { credential },
      navigate: (to) => {
        redirected = true;
        window.location.assign(to);
      },
    });
    if (!redirected) window.location.assign(landing);
    return { ok: true };
  } catch (error) {
    // Autofill waits in the background: only the API's refusal of a passkey the member picked is
    // news to them; the browser's refusals (replaced, no passkey, not allowed here) are not.
    if (autofill && !(error instanceof ApiClientError)) return null;
    return failure(error);
  }
}

/** Adds a passkey to the signed-in member's account (the page has made sure of the re-authentication). */
export async function addPasskey(): Promise<PasskeyOutcome> {
  if (!browserSupportsWebAuthn()) return unsupported;
  try {
    const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
      "/zapi/account/passkeys/registration-options",
      { body: {} },
    );
    if (typeof options.challenge !== "string") return unsupported;
    const credential = await startRegistration({ optionsJSON: options });
    await apiRequest("/zapi/account/passkeys", { body: { credential } });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}
