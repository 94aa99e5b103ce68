/**
 * The business reports under /zapi/console, for finance and owners:
 *
 * - GET /reports/screen-data — every report of the last twelve months (server/console/business-reports.ts);
 * - GET /reports/{report}.csv — one report's table as the page shows it, totals included, in the
 *   request's language: UTF-8 with a byte order mark, so Excel in Japan opens it as UTF-8.
 */
import { Hono } from "hono";
import { translatorFor } from "../../locales/language.ts";
import { isReportName, reportTable } from "../../schemas/console-reports.ts";
import type { ConsoleReportsScreenData } from "../../schemas/types/console-reports-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage } from "../kit/validation.ts";
import { businessReports } from "./business-reports.ts";
import { requireRole } from "./console-routes.ts";
import type { StaffRole } from "./staff.ts";

/** Who sees how the business is doing. */
export const REPORT_READERS: readonly StaffRole[] = ["owner", "finance"];

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const reportRoutes = new Hono<ApiEnv>()
  .get("/reports/screen-data", async (c) => {
    await requireRole(c, REPORT_READERS);
    const { db, now } = c.get("deps");
    return c.json<ConsoleReportsScreenData>(await businessReports(db, now()));
  })
  .get("/reports/:file", async (c) => {
    await requireRole(c, REPORT_READERS);
    const report = c.req.param("file").replace(/\.csv$/, "");
    if (!c.req.param("file").endsWith(".csv") || !isReportName(report)) {
      throw await apiError(c, 404, "NOT_FOUND", "notFound");
    }
    const { db, now } = c.get("deps");
    const data = await businessReports(db, now());
    const table = reportTable(data, report);
    const t = await translatorFor(requestLanguage(c));
    const lines = [
      [t("console.reports.month"), ...table.columns.map((column) => t(`console.reports.columns.${column}`))],
      ...table.rows.map((row) => [row.month, ...row.values]),
      ...(table.totals ? [[t("console.reports.total"), ...table.totals]] : []),
    ];
    const body = `\uFEFF${lines.map((line) => line.map(csvField).join(",")).join("\r\n")}\r\n`;
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${report}-${data.today}.csv"`,
      "cache-control": "no-store",
    });
  });
