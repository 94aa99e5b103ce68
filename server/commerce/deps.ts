/** The slice of the API's dependencies that commerce needs (the root builds them all: server/api/context.ts). */
import type { PaymentProvider } from "../payments/provider.ts";
import type { CatalogueSource } from "../store/catalogue-source.ts";

export interface CommerceDeps {
  /** The plans on offer and the campaign codes (config/plans.json, config/campaigns.json). */
  catalogue: CatalogueSource;
  /** The payment processor (ADR 0028): the sandbox unless another is configured. */
  payments: PaymentProvider;
}
