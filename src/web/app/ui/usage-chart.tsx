import type { DailyUsage } from '../api-types.js';
import { formatNumber } from '../format.js';

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 40 };

/** A step of 1, 2 or 5 × 10^n giving about four grid lines up to `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough)!;
}

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Operations per day as SVG bars (scales with its box; no chart library). Screen readers get the figures as a
 * table instead of the drawing.
 */
export function UsageChart({ days }: { days: DailyUsage[] }) {
  const max = Math.max(1, ...days.map((day) => day.operations));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const total = days.reduce((sum, day) => sum + day.operations, 0);
  return (
    <figure class="chart-figure" aria-labelledby="chart-caption">
      <figcaption id="chart-caption" class="muted small">
        {formatNumber(total)} operations in the last {days.length} days (UTC days)
      </figcaption>
      <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line class="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} text-anchor="end">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const height = (day.operations / top) * plotHeight;
          return (
            <rect
              key={day.date}
              class="bar"
              x={PAD.left + index * slot + slot * 0.15}
              y={y(day.operations)}
              width={slot * 0.7}
              height={height}
              rx={2}
            >
              <title>
                {dayLabel(day.date)}: {formatNumber(day.operations)} operations
              </title>
            </rect>
          );
        })}
        {days.map((day, index) =>
          index % 7 === days.length % 7 || index === days.length - 1 ? (
            <text key={`label-${day.date}`} x={PAD.left + index * slot + slot / 2} y={HEIGHT - 6} text-anchor="middle">
              {dayLabel(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <table class="visually-hidden">
        <caption>Operations per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Operations</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{dayLabel(day.date)}</td>
              <td>{day.operations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
