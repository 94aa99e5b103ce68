import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en/index.ts";
import type { Translate } from "../../locales/i18n.ts";
import { createI18n } from "../../locales/i18n.ts";
import ja from "../../locales/ja/index.ts";
import {
  formatDate,
  formatDateTime,
  formatHistoryDateTime,
  formatPasswordUpdatedAt,
  formatPrice,
  renewalCycle,
  spanSuffix,
} from "./format.ts";

let tJa: Translate;
let tEn: Translate;

beforeAll(async () => {
  tJa = createI18n("ja", { ja, en }).t;
  tEn = createI18n("en", { ja, en }).t;
});

describe("formatPrice", () => {
  it("shows tax-included yen with thousands separators", () => {
    expect(formatPrice(1980, tJa)).toBe("¥1,980(税込)");
    expect(formatPrice(1234567, tJa)).toBe("¥1,234,567(税込)");
    expect(formatPrice(0, tJa)).toBe("¥0(税込)");
    expect(formatPrice(1980, tEn)).toBe("¥1,980 (tax incl.)");
  });

  it("shows nothing for a price that is not a number", () => {
    expect(formatPrice(Number.NaN, tJa)).toBe("");
    expect(formatPrice(Number.POSITIVE_INFINITY, tJa)).toBe("");
  });
});

describe("spanSuffix", () => {
  it.each([
    [1, "days", "/日", "/day"],
    [3, "days", "/3日", "/3 days"],
    [1, "weeks", "/週", "/week"],
    [2, "weeks", "/2週", "/2 weeks"],
    [1, "months", "/月", "/month"],
    [12, "months", "/年", "/year"],
    [6, "months", "/6ヶ月", "/6 months"],
    [24, "months", "/24ヶ月", "/24 months"],
  ] as const)("%i %s → %s / %s", (span, unit, japanese, english) => {
    expect(spanSuffix(span, unit, tJa)).toBe(japanese);
    expect(spanSuffix(span, unit, tEn)).toBe(english);
  });
});

describe("renewalCycle", () => {
  it.each([
    [1, "days", "1日ごと", "Every day"],
    [30, "days", "30日ごと", "Every 30 days"],
    [1, "weeks", "1週ごと", "Every week"],
    [2, "weeks", "2週ごと", "Every 2 weeks"],
    [1, "months", "1ヶ月ごと", "Every month"],
    [3, "months", "3ヶ月ごと", "Every 3 months"],
    [12, "months", "年間", "Yearly"],
  ] as const)("%i %s → %s / %s", (span, unit, japanese, english) => {
    expect(renewalCycle(span, unit, tJa)).toBe(japanese);
    expect(renewalCycle(span, unit, tEn)).toBe(english);
  });
});

describe("dates", () => {
  // 15:07:30 UTC on the 4th is 00:07:30 on the 5th in Japan: a UTC machine would show the 4th.
  const instant = "2024-03-04T15:07:30Z";

  it("formats a date and a date-time per language, in Japan time", () => {
    expect(formatDate(instant, tJa)).toBe("2024年3月5日");
    expect(formatDate(instant, tEn)).toBe("Mar 5, 2024");
    expect(formatDateTime(instant, tJa)).toBe("2024年3月5日 00:07");
    expect(formatDateTime(instant, tEn)).toBe("Mar 5, 2024 00:07");
  });

  it("uses the fixed history and password formats in every language", () => {
    expect(formatHistoryDateTime(instant)).toBe("2024/03/05 00:07:30");
    expect(formatPasswordUpdatedAt(instant)).toBe("2024/03/05 00:07");
  });

  it("accepts Date objects, epoch milliseconds and explicit offsets as instants", () => {
    const date = new Date(instant);
    expect(formatHistoryDateTime(date)).toBe("2024/03/05 00:07:30");
    expect(formatHistoryDateTime(date.getTime())).toBe("2024/03/05 00:07:30");
    expect(formatHistoryDateTime("2024-03-04T10:07:30-05:00")).toBe("2024/03/05 00:07:30");
  });

  it("takes a calendar date or an offset-less time as Japanese wall-clock time", () => {
    expect(formatDate("2024-03-05", tJa)).toBe("2024年3月5日");
    expect(formatDate("20240305", tJa)).toBe("2024年3月5日");
    expect(formatHistoryDateTime("2024-03-05 23:59:59")).toBe("2024/03/05 23:59:59");
  });

  it.each([
    null,
    undefined,
    "",
    "   ",
    "not a date",
    "2024-13-45T99:99:99Z",
    Number.NaN,
    new Date(Number.NaN),
  ])("returns an empty string for %o instead of throwing", (value) => {
    expect(formatDate(value, tJa)).toBe("");
    expect(formatDateTime(value, tEn)).toBe("");
    expect(formatHistoryDateTime(value)).toBe("");
    expect(formatPasswordUpdatedAt(value)).toBe("");
  });
});
