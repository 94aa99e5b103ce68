/**
 * The step bar (spec §4 Sign-up sequence): 4 steps when the policies have a step of their own
 * (policies, e-mail, PIN, form), otherwise 3 (e-mail, PIN, form); one more when the plans follow
 * the form.
 */
export function signupSteps(isPreShowPolicy: boolean, offersPlans = false) {
  const emailStep = isPreShowPolicy ? 2 : 1;
  const formStep = emailStep + 2;
  return {
    totalCount: formStep + (offersPlans ? 1 : 0),
    policyStep: 1,
    emailStep,
    pinStep: emailStep + 1,
    formStep,
    planStep: offersPlans ? formStep + 1 : null,
  };
}
