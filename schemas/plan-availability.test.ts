import { describe, expect, it } from "vitest";
import {
  type AvailabilityInput,
  canContract,
  contractButtonLabel,
  planAvailability,
  salesIndicator,
  showsEntitlementExpiration,
} from "./plan-availability.ts";

describe("salesIndicator (spec §4, §9)", () => {
  it("shows nothing without a limit", () => {
    expect(salesIndicator(10, null)).toBe("none");
    expect(salesIndicator(0, undefined)).toBe("none");
  });

  it("is sold out when the count reaches the limit", () => {
    expect(salesIndicator(5, 5)).toBe("soldOut");
    expect(salesIndicator(6, 5)).toBe("soldOut");
  });

  it("is few left from 80 % (truncated to 2 decimals), or with one slot left", () => {
    expect(salesIndicator(80, 100)).toBe("fewLeft");
    expect(salesIndicator(79, 100)).toBe("enough");
    // 0.7999… truncates to 0.79: not yet.
    expect(salesIndicator(7999, 10000)).toBe("enough");
    expect(salesIndicator(4, 5)).toBe("fewLeft");
    expect(salesIndicator(3, 5)).toBe("enough");
    // One left, whatever the share.
    expect(salesIndicator(1, 2)).toBe("fewLeft");
    expect(salesIndicator(0, 1)).toBe("fewLeft");
    // 29/100 is 0.29 exactly in whole percent (a float would say 0.2899…).
    expect(salesIndicator(29, 100)).toBe("enough");
  });
});

describe("planAvailability (spec §4)", () => {
  const now = new Date("2026-04-01T03:00:00Z");
  const open: AvailabilityInput = { salesCount: 0, subscribed: false, contractCount: 0 };

  it("is available without dates or limits", () => {
    expect(planAvailability(open, now)).toBe("available");
  });

  it("waits before the sale and ends at its end (the instant, with its offset)", () => {
    expect(planAvailability({ ...open, salesStartDate: "2026-04-01T12:00:01+09:00" }, now)).toBe(
      "beforeSale",
    );
    expect(planAvailability({ ...open, salesStartDate: "2026-04-01T12:00:00+09:00" }, now)).toBe("available");
    expect(planAvailability({ ...open, salesEndDate: "2026-04-01T12:00:00+09:00" }, now)).toBe("endOfSale");
    expect(planAvailability({ ...open, salesEndDate: "2026-04-01T12:00:01+09:00" }, now)).toBe("available");
  });

  it("says few left and sold out from the counts", () => {
    expect(planAvailability({ ...open, salesCount: 9, salesLimit: 10 }, now)).toBe("fewLeft");
    expect(planAvailability({ ...open, salesCount: 10, salesLimit: 10 }, now)).toBe("soldOut");
  });

  it("puts the member's own state first: subscribed, then the contract limit", () => {
    const soldOut = { ...open, salesCount: 10, salesLimit: 10 };
    expect(planAvailability({ ...soldOut, subscribed: true }, now)).toBe("subscribed");
    expect(planAvailability({ ...soldOut, contractLimit: 1, contractCount: 1 }, now)).toBe("contractLimit");
    expect(planAvailability({ ...open, contractLimit: 2, contractCount: 1 }, now)).toBe("available");
  });

  it("enables the contract button only while the plan can be bought", () => {
    expect(canContract("available")).toBe(true);
    expect(canContract("fewLeft")).toBe(true);
    for (const state of ["beforeSale", "soldOut", "endOfSale", "subscribed", "contractLimit"] as const) {
      expect(canContract(state), state).toBe(false);
    }
  });

  it("labels the button with the free trial when the plan has trial days, else プランを契約する", () => {
    expect(contractButtonLabel({ planType: "subscription", freeTrialDays: 31 })).toEqual({
      key: "plans.contractWithTrial",
      days: 31,
    });
    expect(contractButtonLabel({ planType: "subscription", freeTrialDays: null })).toEqual({
      key: "plans.contract",
    });
    expect(contractButtonLabel({ planType: "subscription", freeTrialDays: 0 })).toEqual({
      key: "plans.contract",
    });
    // A rental and a purchase are said as a member says them, not as a contract.
    expect(contractButtonLabel({ planType: "rental" })).toEqual({ key: "plans.rent" });
    expect(contractButtonLabel({ planType: "purchase" })).toEqual({ key: "plans.buy" });
  });
});

describe("showsEntitlementExpiration (spec §9)", () => {
  const now = new Date("2026-11-26T03:00:00Z");
  it("shows an expiration within 10 years, the tenth anniversary included", () => {
    expect(showsEntitlementExpiration("2026-11-28T03:00:00Z", now)).toBe(true);
    expect(showsEntitlementExpiration("2036-11-26T03:00:00Z", now)).toBe(true);
  });
  it("hides one beyond 10 years, and a missing or invalid one", () => {
    expect(showsEntitlementExpiration("2036-11-26T03:00:01Z", now)).toBe(false);
    expect(showsEntitlementExpiration("2126-11-26T03:00:00Z", now)).toBe(false);
    expect(showsEntitlementExpiration(null, now)).toBe(false);
    expect(showsEntitlementExpiration("soon", now)).toBe(false);
  });
});
