import { describe, expect, it } from "vitest";
import { type AccountMenuConditions, accountMenuItems } from "./account-menu.ts";

const none: AccountMenuConditions = {
  hasPlan: false,
  hasSubscriptionPlan: false,
  isStorePaymentAvailable: false,
};
const ids = (conditions: Partial<AccountMenuConditions>) =>
  accountMenuItems({ ...none, ...conditions }).map((item) => item.id);

describe("accountMenuItems", () => {
  it("always offers the back-to-top link, even when nothing else applies", () => {
    expect(ids({})).toEqual(["backToTop"]);
  });

  it("shows Home when the user has a plan, even without store payment", () => {
    expect(ids({ hasPlan: true })).toEqual(["home", "backToTop"]);
  });

  it("shows Home, Payment method and Payment history when store payment is available", () => {
    expect(ids({ isStorePaymentAvailable: true })).toEqual([
      "home",
      "paymentMethod",
      "paymentHistory",
      "backToTop",
    ]);
  });

  it("shows Plans only when the store has a subscription plan", () => {
    expect(ids({ hasSubscriptionPlan: true })).toEqual(["plans", "backToTop"]);
    expect(ids({ hasPlan: true, isStorePaymentAvailable: true })).not.toContain("plans");
  });

  it("links each item to its page", () => {
    const all = accountMenuItems({ hasPlan: true, hasSubscriptionPlan: true, isStorePaymentAvailable: true });
    expect(Object.fromEntries(all.map((item) => [item.id, item.to]))).toEqual({
      home: "/mypage",
      plans: "/mypage/plans",
      paymentMethod: "/mypage/payment-method",
      paymentHistory: "/mypage/payment-history",
      backToTop: "/",
    });
  });
});
