import { describe, expect, it } from "vitest";
import {
  hasEnded,
  isCharged,
  isRenewing,
  nextSubscriptionStatus,
  type SubscriptionEvent,
  type SubscriptionStatus,
  statusesIn,
  subscriptionActionRefusal,
  subscriptionStatusGroup,
} from "./subscription-status.ts";

const UNDER_CONTRACT = [
  "NEW_CONTRACT",
  "ONGOING_CONTRACT",
  "TRIAL_TO_PAID",
  "RE_CONTRACT",
  "HOLD_RELEASED",
  "TRIAL_HOLD_RELEASED",
] as const;
const CANCEL_REQUESTED = [
  "HOLD_CANCEL_REQUEST",
  "TRIAL_HOLD_CANCEL_REQUEST",
  "CANCEL_REQUEST",
  "TRIAL_CANCEL_REQUEST",
] as const;
const ALL: SubscriptionStatus[] = [
  ...UNDER_CONTRACT,
  "NEW_TRIAL_CONTRACT",
  ...CANCEL_REQUESTED,
  "HOLD",
  "TRIAL_HOLD",
  "CANCELLED",
];
const EVENTS: SubscriptionEvent[] = ["renewed", "declined", "cancelRequested", "cancelUndone", "ended"];

describe("subscriptionStatusGroup (spec §4)", () => {
  it.each([
    [UNDER_CONTRACT, "underContract"],
    [["NEW_TRIAL_CONTRACT"], "freeTrial"],
    [CANCEL_REQUESTED, "cancelRequested"],
    [["HOLD", "TRIAL_HOLD"], "hold"],
    [["CANCELLED"], "cancelled"],
  ] as const)("%j → %s", (statuses, group) => {
    for (const status of statuses) expect(subscriptionStatusGroup(status)).toBe(group);
  });
});

/** The whole table as the spec and issue 44 read: status → event → the status it becomes (or refused). */
const EXPECTED: Record<SubscriptionStatus, Partial<Record<SubscriptionEvent, SubscriptionStatus>>> = {
  NEW_CONTRACT: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  ONGOING_CONTRACT: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  TRIAL_TO_PAID: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  RE_CONTRACT: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  HOLD_RELEASED: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  TRIAL_HOLD_RELEASED: {
    renewed: "ONGOING_CONTRACT",
    declined: "HOLD",
    cancelRequested: "CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  // A trial's first payment makes it paid (TRIAL_TO_PAID); declined, it is held as a trial.
  NEW_TRIAL_CONTRACT: {
    renewed: "TRIAL_TO_PAID",
    declined: "TRIAL_HOLD",
    cancelRequested: "TRIAL_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  // A hold is retried: recovered, it is released; declined again, it stays held.
  HOLD: {
    renewed: "HOLD_RELEASED",
    declined: "HOLD",
    cancelRequested: "HOLD_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  TRIAL_HOLD: {
    renewed: "TRIAL_HOLD_RELEASED",
    declined: "TRIAL_HOLD",
    cancelRequested: "TRIAL_HOLD_CANCEL_REQUEST",
    ended: "CANCELLED",
  },
  // Cancelling: not charged, not cancelled again; continued, it is what it was; its day ends it.
  CANCEL_REQUEST: { cancelUndone: "ONGOING_CONTRACT", ended: "CANCELLED" },
  TRIAL_CANCEL_REQUEST: { cancelUndone: "NEW_TRIAL_CONTRACT", ended: "CANCELLED" },
  HOLD_CANCEL_REQUEST: { cancelUndone: "HOLD", ended: "CANCELLED" },
  TRIAL_HOLD_CANCEL_REQUEST: { cancelUndone: "TRIAL_HOLD", ended: "CANCELLED" },
  CANCELLED: {},
};

describe("nextSubscriptionStatus: the one transition table (issue 44 §1)", () => {
  for (const status of ALL) {
    for (const event of EVENTS) {
      const expected = EXPECTED[status][event] ?? null;
      it(`${status} --${event}→ ${expected ?? "refused"}`, () => {
        expect(nextSubscriptionStatus(status, event)).toBe(expected);
      });
    }
  }

  it("every status that can be charged stays in force after a decline, every other ends or is cancelled", () => {
    for (const status of ALL) {
      expect(isCharged(status)).toBe(EXPECTED[status].renewed !== undefined);
      if (isCharged(status))
        expect(subscriptionStatusGroup(nextSubscriptionStatus(status, "declined") ?? "CANCELLED")).toBe(
          "hold",
        );
    }
  });
});

describe("hasEnded and statusesIn: the ended state, read from the table", () => {
  it("calls ended only the status that no event leads out of", () => {
    const ended = ALL.filter(hasEnded);
    expect(ended).toEqual(["CANCELLED"]);
    for (const status of ended) {
      for (const event of EVENTS) expect(nextSubscriptionStatus(status, event)).toBeNull();
    }
    expect(statusesIn("cancelled")).toEqual(ended);
    expect(statusesIn("hold")).toEqual(["HOLD", "TRIAL_HOLD"]);
  });
});

describe("isRenewing (契約更新中: spec §4)", () => {
  it("is renewing from 00:00 of the settlement day (Japan days) until the run settles it", () => {
    expect(isRenewing("ONGOING_CONTRACT", "2027-01-31", "2027-01-30")).toBe(false);
    expect(isRenewing("ONGOING_CONTRACT", "2027-01-31", "2027-01-31")).toBe(true);
    expect(isRenewing("HOLD", "2027-01-31", "2027-02-01")).toBe(true);
    expect(isRenewing("CANCELLED", "2027-01-31", "2027-02-01")).toBe(false);
    expect(isRenewing("ONGOING_CONTRACT", null, "2027-02-01")).toBe(false);
  });
});

describe("subscriptionActionRefusal (spec §4 Cancellation, §8)", () => {
  const today = "2027-01-10";
  const facts = (
    status: SubscriptionStatus,
    nextSettlementDay = "2027-01-20",
    hasPaymentMethod = true,
    hasPendingChange = false,
  ) => ({ status, nextSettlementDay, hasPaymentMethod, hasPendingChange });

  it("cancels a subscription in force, not one already cancelling or cancelled", () => {
    for (const status of [...UNDER_CONTRACT, "NEW_TRIAL_CONTRACT", "HOLD", "TRIAL_HOLD"] as const) {
      expect(subscriptionActionRefusal(facts(status), "cancel", today)).toBeNull();
    }
    for (const status of [...CANCEL_REQUESTED, "CANCELLED"] as const) {
      expect(subscriptionActionRefusal(facts(status), "cancel", today)).toBe("notCancellable");
    }
  });

  it("undoes a cancellation up to the day before the next billing date, and not without a payment method", () => {
    expect(subscriptionActionRefusal(facts("CANCEL_REQUEST"), "undoCancel", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("CANCEL_REQUEST", "2027-01-11"), "undoCancel", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("CANCEL_REQUEST", "2027-01-10"), "undoCancel", today)).toBe(
      "renewing",
    );
    expect(subscriptionActionRefusal(facts("CANCEL_REQUEST", "2027-01-20", false), "undoCancel", today)).toBe(
      "noPaymentMethod",
    );
    expect(subscriptionActionRefusal(facts("ONGOING_CONTRACT"), "undoCancel", today)).toBe(
      "notCancelRequested",
    );
  });

  it("blocks the method change, the cancellation and its undo while renewing", () => {
    for (const action of ["cancel", "changePaymentMethod"] as const) {
      expect(subscriptionActionRefusal(facts("ONGOING_CONTRACT", today), action, today)).toBe("renewing");
    }
  });

  it("offers the retry on hold unless the settlement day has passed", () => {
    expect(subscriptionActionRefusal(facts("HOLD", "2027-01-11"), "retry", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("TRIAL_HOLD", "2027-01-11"), "retry", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("HOLD", "2027-01-10"), "retry", today)).toBe("renewing");
    expect(subscriptionActionRefusal(facts("ONGOING_CONTRACT"), "retry", today)).toBe("notOnHold");
  });

  it("changes the method of a subscription in force or on hold, not of a cancelling or cancelled one", () => {
    expect(subscriptionActionRefusal(facts("HOLD"), "changePaymentMethod", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("NEW_TRIAL_CONTRACT"), "changePaymentMethod", today)).toBeNull();
    expect(subscriptionActionRefusal(facts("CANCEL_REQUEST"), "changePaymentMethod", today)).toBe(
      "notChangeable",
    );
    expect(subscriptionActionRefusal(facts("CANCELLED"), "changePaymentMethod", today)).toBe("notChangeable");
  });

  it("changes the plan of a subscription under contract or in its trial, one change at a time, not while renewing", () => {
    for (const status of [...UNDER_CONTRACT, "NEW_TRIAL_CONTRACT"] as const) {
      expect(subscriptionActionRefusal(facts(status), "changePlan", today)).toBeNull();
    }
    for (const status of [...CANCEL_REQUESTED, "HOLD", "TRIAL_HOLD", "CANCELLED"] as const) {
      expect(subscriptionActionRefusal(facts(status), "changePlan", today)).toBe("planNotChangeable");
    }
    expect(
      subscriptionActionRefusal(facts("ONGOING_CONTRACT", "2027-01-20", true, true), "changePlan", today),
    ).toBe("changePending");
    expect(subscriptionActionRefusal(facts("ONGOING_CONTRACT", today), "changePlan", today)).toBe("renewing");
  });

  it("undoes a scheduled plan change up to the day before it, as a cancellation", () => {
    const pending = (day: string) => facts("ONGOING_CONTRACT", day, true, true);
    expect(subscriptionActionRefusal(pending("2027-01-11"), "undoPlanChange", today)).toBeNull();
    expect(subscriptionActionRefusal(pending(today), "undoPlanChange", today)).toBe("renewing");
    expect(subscriptionActionRefusal(facts("ONGOING_CONTRACT"), "undoPlanChange", today)).toBe(
      "noPendingChange",
    );
  });
});
