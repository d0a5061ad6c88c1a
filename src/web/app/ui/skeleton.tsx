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

/** Announced while something loads. */
export function Loading({ what, lines = 3 }: { what: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span class="visually-hidden">Loading {what}…</span>
      <SkeletonLines count={lines} />
    </div>
  );
}
