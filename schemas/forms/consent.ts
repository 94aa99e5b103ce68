/**
 * Consent forms: the policies a new member agrees to (spec §5 Sign-up consent), the newsletter and
 * privacy options of /mypage/consent, and the withdrawal confirmation (survey + consent).
 */
import type { FieldSpec } from "../rules.ts";
import { emailField, policyConsentField, withdrawalConsentField } from "../rules.ts";
import type { Policy } from "../types/policy.gen.ts";
import type { PolicyConsentData } from "../types/policy-consent-data.gen.ts";
import type { Survey } from "../types/survey.gen.ts";
import { composeForm, dynamicProperty, type FormField } from "./compose.ts";
import { memoizeByVersion } from "./memoize.ts";
import { surveyFields } from "./survey.ts";

export function policyProperty(policyId: string): string {
  return dynamicProperty("policy", policyId);
}

function policySpec(policy: Policy): FieldSpec {
  return policyConsentField({
    title: policy.title,
    renderData: policy.renderData,
    isExternal: policy.isExternal,
    ...(policy.isExternal && policy.dataSource ? { url: policy.dataSource } : {}),
  });
}

/** Whether a form property is a policy's consent checkbox (policyProperty). */
export function isPolicyProperty(property: string): boolean {
  return property.startsWith("policy_");
}

/** A checkbox per policy, each required: the policies a new member agrees to. */
export function policyFields(policies: readonly Policy[]): FormField[] {
  return policies.map((policy) => ({
    name: policyProperty(policy.policyId),
    spec: policySpec(policy),
    required: true,
  }));
}

export interface PolicyConsentFormInput {
  policies: Policy[];
}

/**
 * Every policy must be agreed to. The send button waits for a valid form; the policy-scroll
 * widgets make a non-external policy checkable only once it has been read to the end.
 */
export const buildPolicyConsentForm = memoizeByVersion(({ policies }: PolicyConsentFormInput) =>
  composeForm({
    id: "consent.policies",
    fields: policyFields(policies),
    uiOptions: { submitDisabledUntil: "valid" },
  }),
);

/**
 * /signup/auth and /signup/email: the address the sign-up PIN goes to, together with the policies
 * (spec §2 Sign-up, §5 Sign-up consent); send waits until all of it is valid and read.
 */
export const buildSignupEmailForm = memoizeByVersion(({ policies }: PolicyConsentFormInput) =>
  composeForm({
    id: "signup.email",
    fields: [{ name: "email", spec: emailField(), required: true }, ...policyFields(policies)],
    uiOptions: { submitDisabledUntil: "valid" },
  }),
);

/** The `policyConsentData` of sign-up calls: the policies agreed to in (normalised) form data. */
export function toPolicyConsentData(
  policies: readonly Policy[],
  data: Record<string, unknown>,
): PolicyConsentData {
  return policies
    .filter((policy) => data[policyProperty(policy.policyId)] === true)
    .map(({ policyId, revision, key }) => ({ policyId, revision, key }));
}

export interface WithdrawalFormInput {
  survey?: Survey | null;
}

/** /withdraw: the withdrawal survey, if any, and the consent checkbox (`consent`). */
export const buildWithdrawalForm = memoizeByVersion(({ survey }: WithdrawalFormInput) =>
  composeForm({
    id: "withdrawal",
    fields: [
      ...(survey ? surveyFields(survey) : []),
      { name: "consent", spec: withdrawalConsentField(), required: true },
    ],
  }),
);
