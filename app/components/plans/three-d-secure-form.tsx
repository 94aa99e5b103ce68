/**
 * The confirm page's form (spec §4 Purchase: for a card method a 3-D Secure token is generated
 * first): SchemaForm, whose submit first asks the provider's tds2.js for the browser's 3-D Secure
 * token when the screen data says a card pays (`threeDSecure`, the provider's public config, which
 * the confirm route gives as ThreeDSecureConfig), and sends it in the form's two hidden fields. The
 * script loads on the press, not with the page.
 */
import { createContext, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { SchemaForm, type SchemaFormProps } from "../../../widgets/schema-form.tsx";
import type { PaymentProviderConfig } from "../../lib/card-token.ts";

/**
 * The processor's public config while a card pays the quote now (the confirmation's screen data,
 * `threeDSecure`), given by the confirm route around its forms; null: nothing to prepare.
 */
export const ThreeDSecureConfig = createContext<PaymentProviderConfig | null>(null);

export function ThreeDSecureForm({ onSubmit, ...form }: SchemaFormProps) {
  const provider = useContext(ThreeDSecureConfig);
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(data: Record<string, unknown>) {
    if (!provider) return onSubmit(data);
    setFailure(null);
    setPreparing(true);
    try {
      const { threeDSecureToken } = await import("../../lib/card-token.ts");
      const token = await threeDSecureToken(provider);
      if (token) onSubmit({ ...data, ...token });
      else setFailure(t("plans.threeDSecure.unavailable"));
    } catch {
      setFailure(t("plans.threeDSecure.unavailable"));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <SchemaForm {...form} onSubmit={submit} busy={form.busy || preparing} summary={failure ?? form.summary} />
  );
}
