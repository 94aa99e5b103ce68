/**
 * The shapes of the API's answers that pages read, compiled once per process from the schemas the
 * server builds them by (schemas/*.schema.json): a loader given one checks the answer against it
 * and hands the page a typed value, no cast between (zapi.server.ts loadApiData).
 */

import heldContractSchema from "../../schemas/held-contract.schema.json" with { type: "json" };
import licensesScreenDataSchema from "../../schemas/licenses-screen-data.schema.json" with { type: "json" };
import loginHistoryItemSchema from "../../schemas/login-history-item.schema.json" with { type: "json" };
import loginHistoryScreenDataSchema from "../../schemas/login-history-screen-data.schema.json" with {
  type: "json",
};
import paymentHistorySchema from "../../schemas/payment-history.schema.json" with { type: "json" };
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import planOfferSchema from "../../schemas/plan-offer.schema.json" with { type: "json" };
import plansScreenDataSchema from "../../schemas/plans-screen-data.schema.json" with { type: "json" };
import policyScreenDataSchema from "../../schemas/policy-screen-data.schema.json" with { type: "json" };
import profileImageScreenDataSchema from "../../schemas/profile-image-screen-data.schema.json" with {
  type: "json",
};
import type { LicensesScreenData } from "../../schemas/types/licenses-screen-data.gen.ts";
import type { LoginHistoryScreenData } from "../../schemas/types/login-history-screen-data.gen.ts";
import type { PaymentHistoryPage } from "../../schemas/types/payment-history.gen.ts";
import type { PlansScreenData } from "../../schemas/types/plans-screen-data.gen.ts";
import type { PolicyScreenData } from "../../schemas/types/policy-screen-data.gen.ts";
import type { ProfileImageScreenData } from "../../schemas/types/profile-image-screen-data.gen.ts";
import { createAjv } from "../../schemas/validation.ts";

const ajv = createAjv();
// What the shapes below refer to by $id.
for (const schema of [heldContractSchema, loginHistoryItemSchema, paymentMethodSchema, planOfferSchema]) {
  ajv.addSchema(schema);
}

/** /plans: the member's contracts and every plan on offer. */
export const PLANS_SCREEN_DATA = ajv.compile<PlansScreenData>(plansScreenDataSchema);
/** /mypage/payment-history/{page}: one page of payments. */
export const PAYMENT_HISTORY_PAGE = ajv.compile<PaymentHistoryPage>(paymentHistorySchema);
/** /mypage/login-history: a page of the member's logins and what to suggest. */
export const LOGIN_HISTORY_SCREEN_DATA = ajv.compile<LoginHistoryScreenData>(loginHistoryScreenDataSchema);
/** /app/licenses: the production dependencies and their terms. */
export const LICENSES_SCREEN_DATA = ajv.compile<LicensesScreenData>(licensesScreenDataSchema);
/** /mypage/profile/edit: the member's picture now. */
export const PROFILE_IMAGE_SCREEN_DATA = ajv.compile<ProfileImageScreenData>(profileImageScreenDataSchema);
/** /terms, /privacy, /policies/{policyId}: the revision in force. */
export const POLICY_SCREEN_DATA = ajv.compile<PolicyScreenData>(policyScreenDataSchema);
