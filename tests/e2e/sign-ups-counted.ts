/**
 * The annotation a test gets for each registration form its browser sends (tests/e2e/visitor.ts):
 * a member signed up through the pages. Set-up signs members up by the API (signUpMember), so only
 * the tests whose subject is the sign-up add to the run's count, which `npm test` prints.
 */
export const SIGN_UP_THROUGH_PAGES = "sign-up through the pages";

interface ReportSuite {
  suites?: ReportSuite[];
  specs?: { tests: { results: { annotations?: { type: string }[] }[] }[] }[];
}

/** The members signed up through the pages in a run, from Playwright's JSON report. */
export function signUpsThroughPages(report: ReportSuite): number {
  const specs = (suite: ReportSuite): NonNullable<ReportSuite["specs"]> => [
    ...(suite.specs ?? []),
    ...(suite.suites ?? []).flatMap(specs),
  ];
  // The last result of each test: a retried test's first try is not counted twice.
  return specs(report)
    .flatMap((spec) => spec.tests)
    .flatMap((test) => test.results.at(-1)?.annotations ?? [])
    .filter((annotation) => annotation.type === SIGN_UP_THROUGH_PAGES).length;
}
