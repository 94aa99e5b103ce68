/**
 * The subscription's method form (spec §2 /mypage/subscription/{id}/payment-method, §7 POST
 * /zapi/subscription/{id}/change-payment-method {paymentMethodId}): one of the member's saved
 * methods, drawn as the purchase form draws them. The choices live in the uiSchema: the API checks
 * the same schema without them and then that the method is the member's own.
 */
import type { PurchasePaymentChoice } from "../form-definition.ts";
import { purchasePaymentField } from "../rules.ts";
import { composeForm } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";

export const buildSubscriptionPaymentMethodForm = memoizeByVersion(
  ({ choices }: { choices: PurchasePaymentChoice[] }) =>
    composeForm({
      id: "subscriptionPaymentMethod",
      fields: [{ name: "paymentMethodId", spec: purchasePaymentField(choices), required: true }],
      uiOptions: { submitDisabledUntil: "filled" },
    }),
);
