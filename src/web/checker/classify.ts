import { forEachHiddenMark, hiddenMarkLabel, MARK_KINDS, type MarkKind } from 'wm-watermark-codec/hidden-marks';

export { MARK_KINDS, type MarkKind };

export interface Piece {
  text: string;
  kind?: MarkKind;
  /** the hidden characters' code points, e.g. "U+200B" or "VS·f7 00 02" */
  label?: string;
}

export interface Classified {
  pieces: Piece[];
  /** hidden code points of each kind in the whole text */
  counts: Record<MarkKind, number>;
  /** true when `pieces` stops before the end of a long text (the counts still cover all of it) */
  truncated: boolean;
}

/**
 * Splits `text` into visible stretches and hidden marks of each kind (the codec's map, shared with `wm scan`); draws
 * at most `displayLimit` UTF-16 units.
 */
export function classify(text: string, displayLimit = 50_000): Classified {
  const counts = Object.fromEntries(MARK_KINDS.map(({ kind }) => [kind, 0])) as Record<MarkKind, number>;
  const hidden: Piece[] = [];
  const starts: number[] = [];
  forEachHiddenMark(text, (kind, start, end, count, wrapper) => {
    counts[kind] += count;
    if (start >= displayLimit) return;
    starts.push(start);
    hidden.push({ text: text.slice(start, end), kind, label: hiddenMarkLabel(text, kind, start, end, wrapper) });
  });
  const order = starts.map((_, k) => k).sort((a, b) => starts[a] - starts[b]);
  const pieces: Piece[] = [];
  let visibleFrom = 0;
  for (const k of order) {
    const start = starts[k];
    if (start > visibleFrom) pieces.push({ text: text.slice(visibleFrom, start) });
    pieces.push(hidden[k]);
    visibleFrom = start + hidden[k].text.length;
  }
  const end = Math.min(text.length, Math.max(displayLimit, visibleFrom));
  if (visibleFrom < end) pieces.push({ text: text.slice(visibleFrom, end) });
  return { pieces, counts, truncated: end < text.length };
}
