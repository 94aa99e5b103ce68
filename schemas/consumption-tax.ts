/**
 * The consumption tax inside a tax-included price (ADR 0029): 10 %, rounded down to the yen once
 * per order — tax = floor(amount × 10 / 110), net = amount − tax. Integer arithmetic only.
 */

/** The standard rate (spec §9 invoice: the tax rate shown), in percent. */
export const CONSUMPTION_TAX_RATE_PERCENT = 10;

export interface TaxBreakdown {
  /** What the member pays, tax included (integer yen). */
  billingAmount: number;
  netBillingAmount: number;
  taxAmount: number;
  taxRate: number;
}

/** Splits an order's tax-included amount into net and tax; the tax is rounded down (切り捨て). */
export function taxBreakdown(billingAmount: number): TaxBreakdown {
  if (!Number.isSafeInteger(billingAmount) || billingAmount < 0) {
    throw new RangeError(`an amount is a non-negative integer of yen, not ${billingAmount}`);
  }
  const rate = CONSUMPTION_TAX_RATE_PERCENT;
  const taxAmount = Math.floor((billingAmount * rate) / (100 + rate));
  return { billingAmount, netBillingAmount: billingAmount - taxAmount, taxAmount, taxRate: rate };
}
