/**
 * The slice of the API's dependencies that billing's routes need (server/api/context.ts builds
 * them); the billing run has its own (BillingDeps in renewals.ts), which the process builds.
 */
import type { PaymentProvider } from "../payments/provider.ts";
import type { CatalogueSource } from "../store/catalogue-source.ts";

export interface BillingApiDeps {
  catalogue: CatalogueSource;
  payments: PaymentProvider;
}
