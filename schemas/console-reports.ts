/**
 * The business reports' tables, in one place for the console page and its CSV downloads: which
 * figures each shows, month by month, and whether a total adds them up (counts at a moment, as
 * subscribers are, do not add up). Pure: the page and the API lay out the same numbers.
 */
import type { ConsoleReportsScreenData } from "./types/console-reports-screen-data.gen.ts";

export const REPORTS = ["subscribers", "contracts", "revenue", "renewals"] as const;
export type ReportName = (typeof REPORTS)[number];

export function isReportName(value: unknown): value is ReportName {
  return typeof value === "string" && (REPORTS as readonly string[]).includes(value);
}

const COLUMNS = {
  subscribers: ["underContract", "freeTrial", "cancelRequested", "hold"],
  contracts: ["newContracts", "cancellations", "trialsEnded", "trialsConverted"],
  revenue: ["charged", "refunded", "revenue", "tax", "net"],
  renewals: ["attempted", "succeeded", "held", "recovered"],
} as const;

export type ReportColumn = (typeof COLUMNS)[ReportName][number];

export interface ReportTable {
  columns: readonly ReportColumn[];
  rows: { month: string; values: number[] }[];
  /** The column sums, or null for counts at a moment. */
  totals: number[] | null;
  /** Integer yen (tax included where the column says so). */
  money: boolean;
}

export function reportTable(data: ConsoleReportsScreenData, report: ReportName): ReportTable {
  const columns = COLUMNS[report];
  const source: Record<string, number | string>[] =
    report === "subscribers" ? data.subscribers.byMonth : data[report];
  const rows = source.map((row) => ({
    month: String(row.month),
    values: columns.map((column) => Number(row[column] ?? 0)),
  }));
  const totals =
    report === "subscribers"
      ? null
      : columns.map((_, index) => rows.reduce((sum, row) => sum + (row.values[index] ?? 0), 0));
  return { columns, rows, totals, money: report === "revenue" };
}
