/** Grey placeholder lines of the final size while data loads (so nothing jumps); hidden from screen readers. */
export function SkeletonLines({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} class="skeleton line" />
      ))}
    </div>
  );
}

/**
 * Placeholders with the exact height of what replaces them: a figure with a line under it (`stat`), the same with
 * the quota's bar (`quota`), a chart with its caption (`chart`). The page then does not move when the data arrives.
 */
function SkeletonShape({ shape }: { shape: 'stat' | 'quota' | 'chart' }) {
  if (shape === 'chart') {
    return (
      <figure class="chart-figure" aria-hidden="true">
        <span class="skeleton caption-line" />
        <span class="skeleton chart-block" />
      </figure>
    );
  }
  return (
    <div aria-hidden="true">
      <span class="skeleton stat-line" />
      {shape === 'quota' && <span class="skeleton meter-line" />}
      <span class="skeleton sub-line" />
    </div>
  );
}

/** Announced while something loads: lines of text, or the shape of what comes. */
export function Loading({
  what,
  lines = 3,
  shape,
}: {
  what: string;
  lines?: number;
  shape?: 'stat' | 'quota' | 'chart';
}) {
  return (
    <div role="status" aria-live="polite">
      <span class="visually-hidden">Loading {what}…</span>
      {shape ? <SkeletonShape shape={shape} /> : <SkeletonLines count={lines} />}
    </div>
  );
}
