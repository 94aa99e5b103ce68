/** The slice of the API's dependencies that the payment-method routes need (server/api/context.ts builds them). */
import type { PaymentProvider } from "./provider.ts";

export interface PaymentsDeps {
  /** The payment processor (ADR 0028): the sandbox unless another is configured. */
  payments: PaymentProvider;
}
