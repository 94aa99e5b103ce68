/**
 * The confirm page's form (spec §4 Purchase: for a card method a 3-D Secure token is generated
 * first): SchemaForm, whose submit first asks the provider's tds2.js for the browser's 3-D Secure
 * token when the screen data says a card pays (`threeDSecure`, the provider's public config), and
 * sends it in the form's two hidden fields. The script loads on the press, not with the page.
 * Rendered by the confirm route only (it reads that route's screen data).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { SchemaForm, type SchemaFormProps } from "../../../widgets/schema-form.tsx";
import type { PaymentProviderConfig } from "../../lib/card-token.ts";

/** The provider's public config when a card pays the quote (the confirm route's screen data). */
function providerOf(loaderData: unknown): PaymentProviderConfig | null {
  const config = (loaderData as { screenData?: Record<string, unknown> } | undefined)?.screenData
    ?.threeDSecure;
  return typeof config === "object" && config !== null ? (config as PaymentProviderConfig) : null;
}

export function ThreeDSecureForm({ onSubmit, ...form }: SchemaFormProps) {
  const provider = providerOf(useLoaderData());
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
