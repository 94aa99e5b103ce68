import { describe, expect, it } from "vitest";
import { subscriptionStatusGroup } from "./subscription-status.ts";

describe("subscriptionStatusGroup (spec §4)", () => {
  it.each([
    [
      [
        "NEW_CONTRACT",
        "ONGOING_CONTRACT",
        "TRIAL_TO_PAID",
        "RE_CONTRACT",
        "HOLD_RELEASED",
        "TRIAL_HOLD_RELEASED",
      ],
      "underContract",
    ],
    [["NEW_TRIAL_CONTRACT"], "freeTrial"],
    [
      ["HOLD_CANCEL_REQUEST", "TRIAL_HOLD_CANCEL_REQUEST", "CANCEL_REQUEST", "TRIAL_CANCEL_REQUEST"],
      "cancelRequested",
    ],
    [["HOLD", "TRIAL_HOLD"], "hold"],
    [["CANCELLED"], "cancelled"],
  ] as const)("%j → %s", (statuses, group) => {
    for (const status of statuses) expect(subscriptionStatusGroup(status)).toBe(group);
  });
});
