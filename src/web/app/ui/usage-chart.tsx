import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DailyUsage } from '../api-types.js';
import { formatNumber } from '../format.js';

/** The plot's height in CSS pixels (`.chart-box` in styles.css has the same). */
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 26 };
/** the room a day label takes, at the chart's 12 px font, with space around it */
const LABEL_ROOM = 64;

/** A step of 1, 2 or 5 × 10^n giving about four grid lines up to `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough)!;
}

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The width of the element, followed as it changes (0 until it is laid out). */
function useWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current!;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/**
 * Operations per day as SVG bars, drawn at the box's own width in CSS pixels (no chart library): the labels keep
 * their size on a phone, and fewer of them are drawn where fewer fit. Screen readers get the figures as a table.
 */
export function UsageChart({ days }: { days: DailyUsage[] }) {
  const { box, width } = useWidth();
  const total = days.reduce((sum, day) => sum + day.operations, 0);
  return (
    <figure class="chart-figure" aria-labelledby="chart-caption">
      <figcaption id="chart-caption" class="muted small">
        {formatNumber(total)} operations in the last {days.length} days (UTC days)
      </figcaption>
      <div class="chart-box" ref={box}>
        {width > 0 && <Bars days={days} width={width} />}
      </div>
      {/* a table's height does not shrink to the 1 px of .visually-hidden: this box clips it, or the page would
          scroll on for its 30 rows */}
      <div class="visually-hidden">
        <table>
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
      </div>
    </figure>
  );
}

function Bars({ days, width }: { days: DailyUsage[]; width: number }) {
  const max = Math.max(1, ...days.map((day) => day.operations));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  const left = 12 + 7 * formatNumber(top).length;
  const plotWidth = width - left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  // every n-th day gets a label, counted back from the last one
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotWidth / LABEL_ROOM))));
  return (
    <svg class="chart" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line class="axis" x1={left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
          <text x={left - 6} y={y(tick) + 4} text-anchor="end">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
      {days.map((day, index) => (
        <rect
          key={day.date}
          class="bar"
          x={left + index * slot + slot * 0.15}
          y={y(day.operations)}
          width={slot * 0.7}
          height={(day.operations / top) * plotHeight}
          rx={Math.min(2, slot * 0.2)}
        >
          <title>
            {dayLabel(day.date)}: {formatNumber(day.operations)} operations
          </title>
        </rect>
      ))}
      {days.map((day, index) =>
        (days.length - 1 - index) % every === 0 ? (
          <text
            key={`label-${day.date}`}
            x={Math.min(left + index * slot + slot / 2, width - PAD.right - 18)}
            y={HEIGHT - 7}
            text-anchor="middle"
          >
            {dayLabel(day.date)}
          </text>
        ) : null,
      )}
    </svg>
  );
}
