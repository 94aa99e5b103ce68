/**
 * 「パスキーでログイン」 on the login pages (ADR 0050): a button that starts the ceremony, and, where
 * the browser can, the passkeys offered in the identifier field's autofill (conditional mediation)
 * from the moment the page is live. The ceremony's code (passkey-ceremony.ts, with the WebAuthn
 * library) is fetched only then. Without JavaScript the button says it needs it; every other way
 * in works as before. Kept small: it is part of the login pages' weight.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../../widgets/use-hydrated.ts";

export function PasskeySignIn({ base, landing }: { base: string; landing: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs a ceremony; a replaced autofill request (null) says nothing, a login leaves the page. */
  const signIn = (autofill: boolean) =>
    import("./passkey-ceremony.ts")
      .then((ceremony) => ceremony.signInWithPasskey(base, landing, autofill))
      .then(
        (outcome) =>
          outcome?.ok === false && setProblem(outcome.message ?? t(`login.passkey.${outcome.reason}`)),
      );

  // Only where the browser offers passkeys in autofill: the others never fetch the ceremony.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the page's data does not change under it
  useEffect(() => {
    if (typeof window.PublicKeyCredential?.isConditionalMediationAvailable === "function") void signIn(true);
  }, []);

  return (
    <div className="login__passkey">
      <p className="rule-label">{t("login.passkey.or")}</p>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => signIn(false)}
        disabled={!hydrated}
      >
        {t("login.passkey.button")}
      </button>
      <noscript>
        <p className="login__passkey-note">{t("login.passkey.needsJavaScript")}</p>
      </noscript>
      {problem && (
        <p className="login__passkey-note" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
