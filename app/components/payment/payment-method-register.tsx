/**
 * Registering a payment method on /mypage/payment-method (spec §4 Payment method selection, §7):
 * choose a type, and the chosen type's form shows. Submitting
 *
 * - a card: the provider's scripts turn the card into tokens in the browser, and only the tokens
 *   are posted (the card fields have no name, so not even a post without the script carries them);
 * - PayPal: the action asks for PayPal's page and sends the browser there;
 * - a carrier: the action answers the carrier's link and fields, and this page posts them there
 *   by itself (spec §7), with a button for a browser without the script.
 */
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type SubmitTarget, useActionData, useNavigation, useSubmit } from "react-router";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { paymentFlowOf } from "../../../schemas/forms/payment.ts";
import type { PaymentMethodType } from "../../../schemas/types/payment-method.gen.ts";
import type { FormRendererProps } from "../../../widgets/form-renderer.ts";
import {
  type CardEntry,
  cardTokenErrorMessage,
  cardTokens,
  type PaymentProviderConfig,
} from "../../lib/card-token.ts";

/** What the page's action answers when it does not move on. */
export type PaymentMethodActionResult =
  | { ok: false; about: "register" | "delete"; message: string }
  | { ok: true; link: { type: PaymentMethodType; linkUrl: string; params: Record<string, string> } };

export interface PaymentMethodRegisterProps {
  form: FormDefinition;
  validatorUrl?: string;
  provider: PaymentProviderConfig | null;
  renderer: ComponentType<FormRendererProps>;
}

/** The carrier's page, entered by a form post of the fields the API gave (spec §7 link). */
function CarrierLink({ link }: { link: Extract<PaymentMethodActionResult, { ok: true }>["link"] }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.submit();
  }, []);
  const type = t(`field.paymentMethodTypes.${link.type}`);
  return (
    <form ref={formRef} method="post" action={link.linkUrl} className="payment-link">
      <p role="status">{t("mypage.paymentMethodPage.linkLead", { type })}</p>
      {Object.entries(link.params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn btn--primary">
        {t("mypage.paymentMethodPage.linkSubmit", { type })}
      </button>
    </form>
  );
}

function isCardEntry(values: Record<string, unknown>): CardEntry | null {
  const { cardNumber, expiryMonth, expiryYear, securityCode } = values;
  return typeof cardNumber === "string" &&
    typeof expiryMonth === "string" &&
    typeof expiryYear === "string" &&
    typeof securityCode === "string"
    ? { cardNumber, expiryMonth, expiryYear, securityCode }
    : null;
}

export function PaymentMethodRegister({
  form,
  validatorUrl,
  provider,
  renderer: Renderer,
}: PaymentMethodRegisterProps) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData() as PaymentMethodActionResult | undefined;
  const [preparing, setPreparing] = useState(false);
  const [localFailure, setLocalFailure] = useState<string | null>(null);
  const posting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const post = (body: Record<string, unknown>) =>
    submit(body as SubmitTarget, { method: "post", encType: "application/json" });

  async function register(values: Record<string, unknown>) {
    setLocalFailure(null);
    const type = values.paymentMethodType as PaymentMethodType;
    const flow = paymentFlowOf(type);
    if (flow === "paypal") return post({ intent: "paypal" });
    if (flow === "redirectLink") return post({ intent: "link", paymentMethodType: type });
    const card = isCardEntry(values);
    if (flow !== "card" || !card || !provider) {
      setLocalFailure(t("mypage.paymentMethodPage.failed"));
      return;
    }
    setPreparing(true);
    try {
      const answer = await cardTokens(provider, card);
      if (!answer.ok) {
        setLocalFailure(cardTokenErrorMessage(answer.code, t));
        return;
      }
      post({ intent: "registerCard", ...answer.tokens });
    } finally {
      setPreparing(false);
    }
  }

  const failure =
    localFailure ?? (result && !result.ok && result.about === "register" ? result.message : undefined);
  return (
    <section className="section" aria-labelledby="payment-method-register">
      <h2 id="payment-method-register" className="section-title">
        {t("mypage.paymentMethodPage.registerTitle")}
      </h2>
      <noscript>
        <p className="alert alert--warning">{t("mypage.paymentMethodPage.needsScript")}</p>
      </noscript>
      {result?.ok ? (
        <CarrierLink link={result.link} />
      ) : (
        <Renderer
          form={form}
          validatorUrl={validatorUrl}
          onSubmit={(values) => void register(values)}
          submitLabelKey="screens.paymentMethod.submit"
          summary={failure}
          busy={preparing || posting}
        />
      )}
      {preparing && (
        <p className="visually-hidden" role="status">
          {t("mypage.paymentMethodPage.preparing")}
        </p>
      )}
    </section>
  );
}
