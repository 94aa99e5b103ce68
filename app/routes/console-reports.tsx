/**
 * /console/reports: how the business is doing, for finance and owners — subscribers by status,
 * new contracts, cancellations and trials, revenue with its tax, and renewals, over the last twelve
 * months. Each is a chart drawn on the server with its figures in a table beside it, and a CSV of
 * the table (UTF-8 with a byte order mark, for Excel in Japan) from the API.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { REPORTS, type ReportColumn, type ReportName, reportTable } from "../../schemas/console-reports.ts";
import { yen } from "../../schemas/yen.ts";
import { BarChart } from "../components/console/bar-chart.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_REPORTS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-reports";

export async function loader(args: Route.LoaderArgs) {
  return loadApiData(args, "/zapi/console/reports/screen-data", undefined, CONSOLE_REPORTS_SCREEN_DATA);
}

/** The series each chart draws, from its table's columns; the revenue as its net and tax stacked. */
const CHARTS: Record<ReportName, { columns: readonly ReportColumn[]; stacked: boolean }> = {
  subscribers: { columns: ["underContract", "freeTrial", "cancelRequested", "hold"], stacked: true },
  contracts: { columns: ["newContracts", "cancellations", "trialsEnded", "trialsConverted"], stacked: false },
  revenue: { columns: ["net", "tax"], stacked: true },
  renewals: { columns: ["succeeded", "held", "recovered"], stacked: false },
};

export default function ConsoleReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = t("console.reports.title");
  const months = loaderData.revenue.map((row) => row.month);
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={title} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{title}</h1>
      <p>{t("console.reports.lead")}</p>
      <p className="console-reports__as-of">
        {t("console.reports.asOf", { at: formatHistoryDateTime(loaderData.asOf) })}
      </p>
      {REPORTS.map((report) => {
        const table = reportTable(loaderData, report);
        const name = t(`console.reports.sections.${report}`);
        const figure = (value: number) => (table.money ? yen(value) : String(value));
        const chart = CHARTS[report];
        return (
          <section key={report} className="console-reports__section" aria-labelledby={`report-${report}`}>
            <h2 id={`report-${report}`}>{name}</h2>
            <p className="console-reports__note">{t(`console.reports.notes.${report}`)}</p>
            <div className="console-reports__body">
              <BarChart
                label={t("console.reports.chart", { report: name })}
                months={months}
                stacked={chart.stacked}
                format={figure}
                series={chart.columns.map((column) => ({
                  label: t(`console.reports.columns.${column}`),
                  values: table.rows.map((row) => row.values[table.columns.indexOf(column)] ?? 0),
                }))}
              />
              <div className="table-wrap">
                <table className="table console-reports__table">
                  <caption className="visually-hidden">{name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("console.reports.month")}</th>
                      {table.columns.map((column) => (
                        <th key={column} scope="col" className="console-reports__number">
                          {t(`console.reports.columns.${column}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row) => (
                      <tr key={row.month}>
                        <th scope="row">{row.month}</th>
                        {row.values.map((value, index) => (
                          <td key={table.columns[index]} className="console-reports__number">
                            {figure(value)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                  {table.totals && (
                    <tfoot>
                      <tr>
                        <th scope="row">{t("console.reports.total")}</th>
                        {table.totals.map((value, index) => (
                          <td key={table.columns[index]} className="console-reports__number">
                            {figure(value)}
                          </td>
                        ))}
                      </tr>
                    </tfoot>
                  )}
                </table>
              </div>
            </div>
            <p>
              <a href={`/zapi/console/reports/${report}.csv`} download>
                {t("console.reports.csvOf", { report: name })}
              </a>
            </p>
          </section>
        );
      })}
    </div>
  );
}
