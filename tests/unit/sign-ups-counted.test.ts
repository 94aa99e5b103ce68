import { describe, expect, it } from "vitest";
import { SIGN_UP_THROUGH_PAGES, signUpsThroughPages } from "../e2e/sign-ups-counted.ts";

const signUp = { type: SIGN_UP_THROUGH_PAGES };
const other = { type: "issue" };

describe("the run's count of sign-ups through the pages", () => {
  it("adds the annotations of every test's last result, in nested suites", () => {
    const report = {
      suites: [
        {
          specs: [{ tests: [{ results: [{ annotations: [signUp, other] }] }] }],
          suites: [
            { specs: [{ tests: [{ results: [{ annotations: [signUp, signUp] }, { annotations: [] }] }] }] },
          ],
        },
        { specs: [{ tests: [{ results: [{ annotations: [signUp] }] }, { results: [] }] }] },
      ],
    };
    // The retried test's first try (two sign-ups) is not its outcome: 1 + 0 + 1.
    expect(signUpsThroughPages(report)).toBe(2);
  });
});
