/**
 * A small bar chart drawn as SVG on the server: one group of bars a month, the series side by side
 * or stacked. No script, no library; colours come from the stylesheet (one class a series), so the
 * strict CSP holds. The figures are in the table beside it: the chart is named for screen readers
 * and points to the table, its bars are not read one by one.
 */
import { useId } from "react";

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = { left: 56, bottom: 24, top: 8, right: 8 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `value`. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power) as number;
}

export function BarChart({
  label,
  months,
  series,
  stacked = false,
  format = (value: number) => String(value),
}: {
  label: string;
  months: readonly string[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  format?: (value: number) => string;
}) {
  const titleId = useId();
  const plotWidth = WIDTH - AXIS.left - AXIS.right;
  const plotHeight = HEIGHT - AXIS.top - AXIS.bottom;
  const heights = months.map((_, month) =>
    stacked
      ? series.reduce((sum, one) => sum + Math.max(0, one.values[month] ?? 0), 0)
      : Math.max(0, ...series.map((one) => one.values[month] ?? 0)),
  );
  const top = niceCeiling(Math.max(0, ...heights));
  const y = (value: number) => AXIS.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  const slot = plotWidth / Math.max(1, months.length);
  const barWidth = stacked ? slot * 0.6 : (slot * 0.8) / Math.max(1, series.length);
  return (
    <figure className="bar-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="bar-chart__svg"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{label}</title>
        {[0, top / 2, top]
          // Counts are whole: no line at 2.5 people.
          .filter((tick) => Number.isInteger(tick))
          .map((tick) => (
            <g key={tick} className="bar-chart__grid">
              <line x1={AXIS.left} x2={WIDTH - AXIS.right} y1={y(tick)} y2={y(tick)} />
              <text x={AXIS.left - 6} y={y(tick)} dy="0.35em" textAnchor="end">
                {format(tick)}
              </text>
            </g>
          ))}
        {months.map((month, index) => {
          const left = AXIS.left + index * slot;
          let base = 0;
          return (
            <g key={month}>
              {series.map((one, position) => {
                const value = Math.max(0, one.values[index] ?? 0);
                const from = stacked ? base : 0;
                base += value;
                const x = stacked ? left + (slot - barWidth) / 2 : left + slot * 0.1 + position * barWidth;
                return (
                  <rect
                    key={one.label}
                    className={`bar-chart__bar bar-chart__bar--${position}`}
                    x={x}
                    y={y(from + value)}
                    width={Math.max(1, barWidth - 1)}
                    height={y(from) - y(from + value)}
                  />
                );
              })}
              <text className="bar-chart__month" x={left + slot / 2} y={HEIGHT - 6} textAnchor="middle">
                {month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="bar-chart__legend">
          {series.map((one, position) => (
            <li key={one.label}>
              <span className={`bar-chart__swatch bar-chart__bar--${position}`} aria-hidden="true" />
              {one.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
