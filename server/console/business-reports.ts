/**
 * The business at a glance, for finance and owners, computed from the books themselves — contracts,
 * charges and refunds — so every figure can be traced to the rows it counts (ADR 0047). Months are
 * Japan's calendar months, the last twelve up to today.
 *
 * - Subscribers by status: today from the statuses as they are; at each past month's end as the
 *   records say it was then (ended, cancelling, held by a declined renewal not yet paid, in trial,
 *   or under contract, in that order).
 * - Contracts: new subscriptions, cancellations, and trials that ended with how many went on paid.
 * - Revenue: charges taken less refunds made in the month, tax included, the tax and the net — to
 *   the yen what the charges and refunds of the month add up to.
 * - Renewals: the cycles due in the month, paid at the first try, held by a decline, and recovered.
 */
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { japanDay, japanMidnight } from "../../schemas/japan-time.ts";
import { type SubscriptionStatusGroup, subscriptionStatusGroup } from "../../schemas/subscription-status.ts";
import type { ConsoleReportsScreenData } from "../../schemas/types/console-reports-screen-data.gen.ts";
import type { Db } from "../db/database.ts";
import { charges, contracts, refunds } from "../db/schema.ts";

/** The groups a running subscription is counted in (cancelled ones are no longer subscribers). */
export const SUBSCRIBER_GROUPS = ["underContract", "freeTrial", "cancelRequested", "hold"] as const;
type SubscriberGroup = (typeof SUBSCRIBER_GROUPS)[number];

export interface ReportMonth {
  /** YYYY-MM in Japan. */
  month: string;
  starts: Date;
  /** The next month's first instant, or now for the month under way. */
  ends: Date;
}

/** The first day of the month `offset` months after `YYYY-MM`, as YYYY-MM-DD. */
function monthStart(month: string, offset = 0): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

/** The last twelve months in Japan, oldest first, the one under way last (ending now). */
export function lastTwelveMonths(now: Date): ReportMonth[] {
  const current = japanDay(now).slice(0, 7);
  return Array.from({ length: 12 }, (_, index) => {
    const month = monthStart(current, index - 11).slice(0, 7);
    return {
      month,
      starts: japanMidnight(monthStart(month)),
      ends: index === 11 ? now : japanMidnight(monthStart(month, 1)),
    };
  });
}

/** The months as a VALUES list a query joins to: (month, starts, ends). */
function monthsTable(months: readonly ReportMonth[]): SQL {
  const rows = months.map(
    (month) =>
      sql`(${month.month}, ${month.starts.toISOString()}::timestamptz, ${month.ends.toISOString()}::timestamptz)`,
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS m(month, starts, ends)`;
}

/** PGlite and node-postgres both answer { rows }. */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const number = (value: unknown) => Number(value ?? 0);

interface SubscriptionRecord {
  id: string;
  createdAt: Date;
  cancelledAt: Date | null;
  cancelRequestedAt: Date | null;
  trialEndDay: string | null;
}

/** A renewal cycle that was declined: when it first was, and when (if ever) it was paid. */
interface DeclinedCycle {
  contractId: string;
  failedAt: Date;
  paidAt: Date | null;
}

/** What a subscription was at the instant `at`, by its records; null: not yet made, or ended. */
export function groupAt(
  record: SubscriptionRecord,
  declined: readonly DeclinedCycle[],
  at: Date,
): SubscriberGroup | null {
  if (record.createdAt >= at) return null;
  if (record.cancelledAt && record.cancelledAt < at) return null;
  if (record.cancelRequestedAt && record.cancelRequestedAt < at) return "cancelRequested";
  const held = declined.some((cycle) => cycle.failedAt < at && !(cycle.paidAt && cycle.paidAt < at));
  if (held) return "hold";
  // The trial's last day is the day before its end day: at the end day's midnight it is over.
  if (record.trialEndDay && at < japanMidnight(record.trialEndDay)) return "freeTrial";
  return "underContract";
}

function emptyCounts(): Record<SubscriberGroup, number> {
  return { underContract: 0, freeTrial: 0, cancelRequested: 0, hold: 0 };
}

async function subscribers(db: Db, months: readonly ReportMonth[]) {
  const running = await db
    .select({ status: contracts.subscriptionStatus, n: sql<string>`count(*)` })
    .from(contracts)
    .where(and(eq(contracts.planType, "subscription"), sql`${contracts.subscriptionStatus} <> 'CANCELLED'`))
    .groupBy(contracts.subscriptionStatus);
  const today = emptyCounts();
  for (const row of running) {
    if (!row.status) continue;
    const group: SubscriptionStatusGroup = subscriptionStatusGroup(row.status);
    if (group !== "cancelled") today[group] += number(row.n);
  }
  const [first] = months;
  const records: SubscriptionRecord[] = await db
    .select({
      id: contracts.id,
      createdAt: contracts.createdAt,
      cancelledAt: contracts.cancelledAt,
      cancelRequestedAt: contracts.cancelRequestedAt,
      trialEndDay: contracts.trialEndDay,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.planType, "subscription"),
        first
          ? sql`(${contracts.cancelledAt} IS NULL OR ${contracts.cancelledAt} >= ${first.starts})`
          : undefined,
      ),
    );
  const declinedRows = await rowsOf<{
    contract_id: string;
    failed_at: string | Date;
    paid_at: string | Date | null;
  }>(
    db,
    sql`SELECT ${charges.contractId} AS contract_id,
          min(${charges.createdAt}) FILTER (WHERE ${charges.status} = 'failed') AS failed_at,
          min(${charges.createdAt}) FILTER (WHERE ${charges.status} = 'succeeded') AS paid_at
        FROM ${charges}
        WHERE ${charges.cycleDay} IS NOT NULL AND ${charges.contractId} IS NOT NULL
        GROUP BY ${charges.contractId}, ${charges.cycleDay}
        HAVING bool_or(${charges.status} = 'failed')`,
  );
  const declined = new Map<string, DeclinedCycle[]>();
  for (const row of declinedRows) {
    const cycle = {
      contractId: row.contract_id,
      failedAt: new Date(row.failed_at),
      paidAt: row.paid_at === null ? null : new Date(row.paid_at),
    };
    declined.set(cycle.contractId, [...(declined.get(cycle.contractId) ?? []), cycle]);
  }
  const byMonth = months.map((month, index) => {
    // The month under way is today's count, from the statuses themselves.
    if (index === months.length - 1) return { month: month.month, ...today };
    const counts = emptyCounts();
    for (const record of records) {
      const group = groupAt(record, declined.get(record.id) ?? [], month.ends);
      if (group) counts[group] += 1;
    }
    return { month: month.month, ...counts };
  });
  return { today, byMonth };
}

async function contractsByMonth(db: Db, months: readonly ReportMonth[], now: Date) {
  const today = japanDay(now);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT m.month,
          (SELECT count(*) FROM ${contracts} c WHERE c.plan_type = 'subscription'
             AND c.created_at >= m.starts AND c.created_at < m.ends) AS new_contracts,
          (SELECT count(*) FROM ${contracts} c WHERE c.plan_type = 'subscription'
             AND c.cancelled_at >= m.starts AND c.cancelled_at < m.ends) AS cancellations,
          (SELECT count(*) FROM ${contracts} c WHERE c.plan_type = 'subscription'
             AND left(c.trial_end_day, 7) = m.month AND c.trial_end_day <= ${today}) AS trials_ended,
          (SELECT count(*) FROM ${contracts} c WHERE c.plan_type = 'subscription'
             AND left(c.trial_end_day, 7) = m.month AND c.trial_end_day <= ${today}
             AND EXISTS (SELECT 1 FROM ${charges} ch WHERE ch.contract_id = c.id
               AND ch.cycle_day = c.trial_end_day AND ch.status = 'succeeded')) AS trials_converted
        FROM ${monthsTable(months)}
        ORDER BY m.month`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    newContracts: number(row.new_contracts),
    cancellations: number(row.cancellations),
    trialsEnded: number(row.trials_ended),
    trialsConverted: number(row.trials_converted),
  }));
}

async function revenueByMonth(db: Db, months: readonly ReportMonth[]) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT m.month,
          (SELECT count(*) FROM ${charges} c WHERE c.status = 'succeeded'
             AND c.created_at >= m.starts AND c.created_at < m.ends) AS charges,
          (SELECT coalesce(sum(c.amount), 0) FROM ${charges} c WHERE c.status = 'succeeded'
             AND c.created_at >= m.starts AND c.created_at < m.ends) AS charged,
          (SELECT coalesce(sum(c.tax_amount), 0) FROM ${charges} c WHERE c.status = 'succeeded'
             AND c.created_at >= m.starts AND c.created_at < m.ends) AS charged_tax,
          (SELECT count(*) FROM ${refunds} r WHERE r.status = 'succeeded'
             AND r.settled_at >= m.starts AND r.settled_at < m.ends) AS refunds,
          (SELECT coalesce(sum(r.amount), 0) FROM ${refunds} r WHERE r.status = 'succeeded'
             AND r.settled_at >= m.starts AND r.settled_at < m.ends) AS refunded,
          (SELECT coalesce(sum(r.tax_amount), 0) FROM ${refunds} r WHERE r.status = 'succeeded'
             AND r.settled_at >= m.starts AND r.settled_at < m.ends) AS refunded_tax
        FROM ${monthsTable(months)}
        ORDER BY m.month`,
  );
  return rows.map((row) => {
    const revenue = number(row.charged) - number(row.refunded);
    const tax = number(row.charged_tax) - number(row.refunded_tax);
    return {
      month: String(row.month),
      charges: number(row.charges),
      charged: number(row.charged),
      refunds: number(row.refunds),
      refunded: number(row.refunded),
      revenue,
      tax,
      net: revenue - tax,
    };
  });
}

async function renewalsByMonth(db: Db, months: readonly ReportMonth[]) {
  const first = months[0]?.month ?? "";
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT left(cycle_day, 7) AS month,
          count(*) AS attempted,
          count(*) FILTER (WHERE paid AND NOT declined) AS succeeded,
          count(*) FILTER (WHERE declined) AS held,
          count(*) FILTER (WHERE declined AND paid) AS recovered
        FROM (SELECT ${charges.contractId}, ${charges.cycleDay} AS cycle_day,
                bool_or(${charges.status} = 'failed') AS declined,
                bool_or(${charges.status} = 'succeeded') AS paid
              FROM ${charges}
              WHERE ${isNotNull(charges.cycleDay)} AND ${charges.cycleDay} >= ${`${first}-01`}
              GROUP BY ${charges.contractId}, ${charges.cycleDay}) AS cycles
        GROUP BY 1`,
  );
  const found = new Map(rows.map((row) => [String(row.month), row]));
  return months.map(({ month }) => {
    const row = found.get(month);
    return {
      month,
      attempted: number(row?.attempted),
      succeeded: number(row?.succeeded),
      held: number(row?.held),
      recovered: number(row?.recovered),
    };
  });
}

export async function businessReports(db: Db, now: Date): Promise<ConsoleReportsScreenData> {
  const months = lastTwelveMonths(now);
  const [subscriberCounts, contractCounts, revenue, renewals] = await Promise.all([
    subscribers(db, months),
    contractsByMonth(db, months, now),
    revenueByMonth(db, months),
    renewalsByMonth(db, months),
  ]);
  return {
    asOf: now.toISOString(),
    today: japanDay(now),
    subscribers: subscriberCounts,
    contracts: contractCounts,
    revenue,
    renewals,
  };
}
