import { c2paWrapperAt, type C2paWrapper } from './c2pa.js';
import { doubled } from './growable.js';
import { isTextSelector } from './unicode/lookup.js';

/**
 * The one reader of "payload selector vs text selector", shared by decode, analyze, strip and reveal.
 * A selector is text when it is the first selector right after a base that registers a variation sequence with it
 * (the U+FE0F of "❤️", a CJK ideographic variant); a run that is a C2PA text manifest (c2pa.ts) is neither, and
 * every other variation selector is payload.
 * The text is scanned with charCodeAt, never segmented, so decoding stays linear and fast.
 */

export interface SelectorRun {
  /** UTF-16 offset of the run's first selector */
  start: number;
  /** start + the length of the leading text selector, if any */
  payloadStart: number;
  /** UTF-16 offset just after the run */
  end: number;
}

// Any unit that can begin a variation selector: U+FE00–FE0F, or the high surrogate of U+E0100–E01EF.
const SELECTOR_START = /[\uFE00-\uFE0F\uDB40]/g;

/** Length in UTF-16 units of the variation selector at `index`, or 0 when none starts there. */
export function selectorLengthAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit >= 0xfe00 && unit <= 0xfe0f) return 1;
  if (unit === 0xdb40) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdd00 && low <= 0xddef) return 2;
  }
  return 0;
}

/** The variation selector code point at `index` (caller checked selectorLengthAt > 0). */
export function selectorCodePointAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return unit === 0xdb40 ? 0xe0000 + (text.charCodeAt(index + 1) - 0xdc00) : unit;
}

/** The code point that ends just before `index`, or -1 at the start of the text. */
export function codePointBefore(text: string, index: number): number {
  if (index === 0) return -1;
  const unit = text.charCodeAt(index - 1);
  if (unit >= 0xdc00 && unit <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (unit - 0xdc00) + 0x10000;
  }
  return unit;
}

/** The maximal run of selectors starting at `start` (which must hold a selector). */
export function selectorRunAt(text: string, start: number): SelectorRun {
  const firstLength = selectorLengthAt(text, start);
  const payloadStart = isTextSelector(codePointBefore(text, start), selectorCodePointAt(text, start))
    ? start + firstLength
    : start;
  let end = start + firstLength;
  for (let length = selectorLengthAt(text, end); length > 0; length = selectorLengthAt(text, end)) end += length;
  return { start, payloadStart, end };
}

/** What the scan does with a C2PA wrapper: never a payload run; `visitWrapper` hears of it. */
export type WrapperVisitor = (wrapper: C2paWrapper) => void;

/**
 * Calls `visit` for every maximal run of variation selectors in `text`, in order, except the runs of C2PA wrappers,
 * which go to `visitWrapper`.
 */
export function forEachSelectorRun(
  text: string,
  visit: (run: SelectorRun) => void,
  visitWrapper?: WrapperVisitor,
): void {
  const finder = new RegExp(SELECTOR_START.source, 'g');
  let index = 0;
  while (index < text.length) {
    if (selectorLengthAt(text, index) === 0) {
      // Dense payload (a run after every letter) is walked with charCodeAt: a regex call per run costs more…
      const limit = Math.min(text.length, index + NEARBY);
      let unit = 0;
      while (++index < limit && (unit = text.charCodeAt(index)) !== 0xdb40 && (unit < 0xfe00 || unit > 0xfe0f));
      if (index === limit) {
        // …while a regex jumps over long stretches without selectors fastest (instantly in one-byte strings).
        finder.lastIndex = limit;
        // test() rather than exec(): no match object; every match is one UTF-16 unit long.
        if (!finder.test(text)) return;
        index = finder.lastIndex - 1;
      }
      if (selectorLengthAt(text, index) === 0) {
        index++;
        continue;
      }
    }
    const run = selectorRunAt(text, index);
    const wrapper = mayStartC2paWrapper(text, index) ? c2paWrapperAt(text, index, run.end) : null;
    if (wrapper) visitWrapper?.(wrapper);
    else visit(run);
    index = run.end;
  }
}

const NEARBY = 8;

/**
 * Whether a C2PA wrapper (c2pa.ts) may start with the selector run at `start`: a U+FEFF before it, or its first
 * selector that of "C" (U+E0133). Two compares or three, so the scans ask it of every run; it lives here, not in
 * c2pa.ts, because a call into another module on every run slowed the decode of mixed text by about a tenth.
 */
export const mayStartC2paWrapper = (text: string, start: number): boolean =>
  text.charCodeAt(start - 1) === 0xfeff || (text.charCodeAt(start) === 0xdb40 && text.charCodeAt(start + 1) === 0xdd33);

/** The byte that the selector at `index` carries (U+FE00+b for b < 16, U+E0100+b-16 otherwise). */
export function byteOfSelectorAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return unit === 0xdb40 ? text.charCodeAt(index + 1) - 0xdd00 + 16 : unit - 0xfe00;
}

/** Every payload byte hidden in the text, in order; C2PA wrappers go to `visitWrapper`. */
export function payloadBytes(text: string, visitWrapper?: WrapperVisitor): Uint8Array {
  let bytes = new Uint8Array(64);
  let length = 0;
  forEachSelectorRun(
    text,
    (run) => {
      for (let i = run.payloadStart; i < run.end;) {
        if (length === bytes.length) bytes = doubled(bytes);
        bytes[length++] = byteOfSelectorAt(text, i);
        i += text.charCodeAt(i) === 0xdb40 ? 2 : 1;
      }
    },
    visitWrapper,
  );
  return bytes.subarray(0, length);
}

/**
 * The text without its payload selectors, and how many there were. Text selectors stay; C2PA wrappers stay too,
 * or with `wrappers: 'drop'` go (their U+FEFF included), and either way are reported to `visitWrapper`.
 */
export function withoutPayloadSelectors(
  text: string,
  wrappers: 'keep' | 'drop' = 'keep',
  visitWrapper?: WrapperVisitor,
): { text: string; removed: number } {
  const parts: string[] = [];
  let kept = 0;
  let removed = 0;
  const cut = (start: number, end: number): void => {
    parts.push(text.slice(kept, start));
    kept = end;
  };
  forEachSelectorRun(
    text,
    (run) => {
      if (run.payloadStart === run.end) return;
      cut(run.payloadStart, run.end);
      removed += countCodePoints(text, run.payloadStart, run.end);
    },
    (wrapper) => {
      if (wrappers === 'drop') cut(wrapper.index, wrapper.end);
      visitWrapper?.(wrapper);
    },
  );
  if (parts.length === 0) return { text, removed };
  parts.push(text.slice(kept));
  return { text: parts.join(''), removed };
}

const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** Code points in text[start, end): units that are not low surrogates of a pair. */
export function countCodePoints(text: string, start = 0, end = text.length): number {
  let count = end - start;
  // Whole texts without surrogates (all of prose): V8 answers this regex at once for one-byte strings.
  if (start === 0 && end === text.length && !ANY_SURROGATE.test(text)) return count;
  for (let i = start + 1; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const high = text.charCodeAt(i - 1);
      if (high >= 0xd800 && high <= 0xdbff) count--;
    }
  }
  return count;
}

/** Code points before each of the UTF-16 offsets, counted once along the text (spans may overlap). */
export function codePointCounter(text: string, offsets: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  let counted = 0;
  let codePoints = 0;
  for (const offset of [...new Set(offsets)].sort((a, b) => a - b)) {
    codePoints += countCodePoints(text, counted, offset);
    counted = offset;
    counts.set(offset, codePoints);
  }
  return counts;
}
