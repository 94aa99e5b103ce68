import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../../widgets/use-hydrated.ts";
import { loadApiClient } from "../../lib/api-client-on-demand.ts";
import { useCountdown } from "../use-countdown.ts";

/** Spec §9: the resend button waits 30 s; a hint about undelivered mail appears after 5 minutes. */
export const RESEND_WAIT_SECONDS = 30;
export const RESEND_HINT_AFTER_MS = 5 * 60 * 1000;

/**
 * "Send the code again" for every PIN screen (e-mail or SMS): disabled with a visible countdown for 30 s after
 * the page loads and after each resend; says when a new code was sent or why it was not.
 */
export function PinResend({
  path,
  body,
  hintKey = "screens.pinCode.notReceivedHint",
}: {
  path: string;
  body?: Record<string, string>;
  /** What to check when no code came: the spam folder (e-mail), the signal (SMS). */
  hintKey?: string;
}) {
  const { t } = useTranslation();
  const { remaining, restart } = useCountdown(RESEND_WAIT_SECONDS);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ kind: "sent" | "error"; text: string } | null>(null);
  const [showHint, setShowHint] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const timer = setTimeout(() => setShowHint(true), RESEND_HINT_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  async function resend() {
    setSending(true);
    setStatus(null);
    try {
      const { apiRequest, errorMessage } = await loadApiClient();
      try {
        await apiRequest(path, { method: "POST", body: body ?? {} });
        setStatus({ kind: "sent", text: t("screens.pinCode.resent") });
        restart();
      } catch (error) {
        setStatus({ kind: "error", text: errorMessage(error, t) });
      }
    } catch {
      // The client itself did not load (the network is gone): the generic message.
      setStatus({ kind: "error", text: t("apiError.fallback") });
    } finally {
      setSending(false);
    }
  }

  // The countdown and the call need the script: without it there is no button that could never work.
  if (!hydrated) return null;
  const waiting = remaining > 0;
  return (
    <div className="pin-resend">
      {showHint && <p className="pin-resend__hint">{t(hintKey)}</p>}
      <button type="button" className="btn btn--secondary" onClick={resend} disabled={waiting || sending}>
        {waiting ? t("screens.pinCode.resendIn", { seconds: remaining }) : t("screens.pinCode.resend")}
      </button>
      <p className={`pin-resend__status pin-resend__status--${status?.kind ?? "none"}`} aria-live="polite">
        {status?.text}
      </p>
    </div>
  );
}
