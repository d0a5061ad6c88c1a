import { forEachHiddenMark, hiddenMarkLabel, MARK_KINDS, type MarkKind } from 'wm-watermark-codec/hidden-marks';
import { quotedTagText, tagTextsOf, type TagText } from 'wm-watermark-codec/tag-text';

export { MARK_KINDS, type MarkKind, type TagText };

export interface Piece {
  text: string;
  kind?: MarkKind;
  /** the hidden characters' code points, e.g. "U+200B" or "VS·f7 00 02", or what tag characters spell */
  label?: string;
  /** a stretch of tag characters: what it spells, drawn in place of a bar */
  spelled?: TagText;
}

export interface Classified {
  pieces: Piece[];
  /** hidden code points of each kind in the whole text */
  counts: Record<MarkKind, number>;
  /** the stretches of hidden tag characters in the whole text, and what each spells (the codec's tag-text) */
  tagTexts: TagText[];
  /** true when `pieces` stops before the end of a long text (the counts still cover all of it) */
  truncated: boolean;
}

/**
 * Splits `text` into visible stretches and hidden marks of each kind (the codec's map, shared with `wm scan`); draws
 * at most `displayLimit` UTF-16 units. A stretch of tag characters is one piece that spells its text, as `wm scan`
 * and `wm reveal` spell it.
 */
export function classify(text: string, displayLimit = 50_000): Classified {
  const counts = Object.fromEntries(MARK_KINDS.map(({ kind }) => [kind, 0])) as Record<MarkKind, number>;
  const hidden: Piece[] = [];
  const starts: number[] = [];
  forEachHiddenMark(text, (kind, start, end, count, wrapper) => {
    counts[kind] += count;
    if (start >= displayLimit || kind === 'tag') return;
    starts.push(start);
    hidden.push({ text: text.slice(start, end), kind, label: hiddenMarkLabel(text, kind, start, end, wrapper) });
  });
  const tagTexts = counts.tag > 0 ? tagTextsOf(text) : [];
  for (const spelled of tagTexts) {
    if (spelled.start >= displayLimit) break;
    starts.push(spelled.start);
    const label = `Tag characters spelling ${quotedTagText(spelled)}`;
    hidden.push({ text: text.slice(spelled.start, spelled.end), kind: 'tag', label, spelled });
  }
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
  return { pieces, counts, tagTexts, truncated: end < text.length };
}
