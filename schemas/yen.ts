/**
 * Yen as people read it, in one place: whole yen with thousands separators (spec §9), the same in
 * both languages. Amounts are integer yen, tax included (ADR 0029); what goes around the figure
 * (¥, 税込, "tax incl.") is each text's own. `YEN_DIGITS.format(1980)` is `1,980`.
 */
export const YEN_DIGITS = /* @__PURE__ */ new Intl.NumberFormat("ja-JP", { maximumFractionDigits: 0 });

/** 1980 → `¥1,980`. */
export function yen(amount: number): string {
  return `¥${YEN_DIGITS.format(amount)}`;
}
