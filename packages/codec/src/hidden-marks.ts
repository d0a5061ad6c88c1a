import type { C2paWrapper } from './c2pa.js';
import { holdsRightToLeft, isDirectionMark } from './direction-marks.js';
import { belongsToText, freeVariationOfText, isJoiner } from './zero-width.js';
import { c2paLabel } from './c2pa-report.js';
import { findFrames } from './frame.js';
import { ALPHABET_INDEX_OF_BYTE } from './robust/alphabet.js';
import {
  byteOfSelectorAt,
  codePointBefore,
  forEachSelectorRun,
  payloadBytes,
  selectorCodePointAt,
  selectorLengthAt,
} from './scan.js';

/**
 * The one map of a text's invisible characters, shared by the checker (src/web/checker) and `wm scan`:
 * vs: bytes of a framed watermark (ours); robust: one-bit marks (runs of bytes only the robust alphabet uses); raw:
 * other payload selectors (unframed data, e.g. other tools', or what is left of a damaged frame); c2pa: a C2PA text
 * manifest (its U+FEFF and selectors); text: invisible characters that belong to the text (emoji presentation
 * selectors, a lone joiner, a zero-width space between Khmer or Thai words, a leading byte order mark, the tags of an
 * emoji flag); tag, zero-width, bidi: foreign invisible characters.
 */
export type MarkKind = 'vs' | 'robust' | 'raw' | 'c2pa' | 'text' | 'tag' | 'zero-width' | 'bidi';

export const MARK_KINDS: { kind: MarkKind; name: string; description: string }[] = [
  { kind: 'vs', name: 'Watermark selectors', description: 'variation selectors carrying a framed wm watermark' },
  { kind: 'robust', name: 'Robust marks', description: 'one-bit marks of a robust watermark, one after a character' },
  { kind: 'raw', name: 'Other selectors', description: 'variation selectors carrying unframed data (other tools)' },
  {
    kind: 'c2pa',
    name: 'C2PA manifest',
    description: 'a content-provenance manifest (C2PA text embedding): not a watermark, kept by encode and strip',
  },
  { kind: 'tag', name: 'Tag characters', description: 'U+E0000–E007F outside an emoji flag' },
  {
    kind: 'zero-width',
    name: 'Zero-width characters',
    description: 'ZWSP, ZWJ/ZWNJ in runs or between Latin letters, word joiners, invisible operators, BOM, fillers',
  },
  { kind: 'bidi', name: 'Direction controls', description: 'bidirectional marks, embeddings, overrides and isolates' },
  {
    kind: 'text',
    name: 'Part of the text',
    description: 'emoji presentation selectors, joiners of emoji and scripts, Khmer/Thai word spaces, flag tags',
  },
];

/**
 * Hears of each stretch of hidden characters of one kind: [start, end) in UTF-16 units, `count` hidden code points
 * (for c2pa, the manifest's selector bytes; its U+FEFF is not counted), and the C2PA wrapper itself.
 */
export type HiddenMarkVisitor = (
  kind: MarkKind,
  start: number,
  end: number,
  count: number,
  wrapper?: C2paWrapper,
) => void;

/** The frames of the text's payload bytes and where each starts (findFrames), when the caller has them already. */
export type FramesFound = Pick<ReturnType<typeof findFrames>, 'frames' | 'starts'>;

/**
 * Every code point the map can report as hidden: variation selectors, tag characters and the other invisible
 * characters of OTHER_HIDDEN. `wm scan` looks for their bytes before it decodes a file at all (tested to agree).
 */
export const HIDDEN_CODE_POINTS: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2069],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** Whether a code point is one of HIDDEN_CODE_POINTS. */
export const isHiddenCodePoint = (codePoint: number): boolean =>
  HIDDEN_CODE_POINTS.some(([low, high]) => codePoint >= low && codePoint <= high);

const EMOJI_TAG_SEQUENCE = /^\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/u;
/** The most tags an emoji flag is read with (subdivision flags have five or six): a longer run of tags is a mark. */
export const MAX_FLAG_TAGS = 30;
/** Every invisible character but a variation selector, and the black flag that may begin an emoji tag sequence. */
const OTHER_HIDDEN = new RegExp(
  [
    /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F]/.source,
    /[\u202A-\u202E\u2060-\u2069\u3164\uFEFF\uFFA0]/.source,
    /\uDB40[\uDC00-\uDC7F]/.source,
    /\uD83C\uDFF4/.source,
  ].join('|'),
  'g',
);
const isBidi = (unit: number): boolean =>
  unit === 0x061c ||
  unit === 0x200e ||
  unit === 0x200f ||
  (unit >= 0x202a && unit <= 0x202e) ||
  (unit >= 0x2066 && unit <= 0x2069);
export { belongsToText, isJoiner, isZeroWidthUnit } from './zero-width.js';

/**
 * Calls `visit` for every selector run in text order, by kind: a leading selector that belongs to the text ('text'),
 * then the payload as 'vs' (a run that starts inside a frame), 'robust' (only bytes of robust marks) or 'raw'; and
 * for each C2PA wrapper ('c2pa'), which `onWrapper` hears of too. Shared by the map and `wm reveal`.
 */
export function forEachSelectorMark(
  text: string,
  visit: HiddenMarkVisitor,
  { frames, starts }: FramesFound = findFrames(payloadBytes(text)),
  onWrapper?: (wrapper: C2paWrapper) => void,
): void {
  let frame = 0;
  let byteIndex = 0;
  forEachSelectorRun(
    text,
    (run) => {
      if (run.payloadStart > run.start) visit('text', run.start, run.payloadStart, 1);
      if (run.end === run.payloadStart) return;
      let bytes = 0;
      let robustOnly = true;
      for (let i = run.payloadStart; i < run.end; i += selectorLengthAt(text, i), bytes++) {
        robustOnly &&= ALPHABET_INDEX_OF_BYTE[byteOfSelectorAt(text, i)] >= 0;
      }
      while (frame < frames.length && frames[frame].end <= byteIndex) frame++;
      const inFrame = frame < frames.length && starts[frame] <= byteIndex;
      // robust marks use bytes that never make UTF-8 text (see the robust alphabet): a run of only those is robust
      // (several in a row when a short carrier's surplus follows its last character); anything else is other data
      visit(inFrame ? 'vs' : robustOnly ? 'robust' : 'raw', run.payloadStart, run.end, bytes);
      byteIndex += bytes;
    },
    (wrapper) => {
      onWrapper?.(wrapper);
      visit('c2pa', wrapper.index, wrapper.end, wrapper.bytes, wrapper);
    },
  );
}

/**
 * Calls `visit` for every stretch of hidden characters: first the variation-selector runs (and C2PA wrappers) in
 * text order, then every other invisible character in text order. Linear: selectors are found as decode finds them,
 * the rest with one regular expression.
 */
export function forEachHiddenMark(
  text: string,
  visit: HiddenMarkVisitor,
  found: FramesFound = findFrames(payloadBytes(text)),
): void {
  const wrapperMarkers = new Set<number>();
  forEachSelectorMark(text, visit, found, (wrapper) => {
    if (text.charCodeAt(wrapper.index) === 0xfeff) wrapperMarkers.add(wrapper.index);
  });

  const finder = new RegExp(OTHER_HIDDEN.source, 'g');
  let rightToLeft: boolean | undefined;
  const rightToLeftText = () => (rightToLeft ??= holdsRightToLeft(text));
  for (let found = finder.exec(text); found; found = finder.exec(text)) {
    const i = found.index;
    const unit = text.charCodeAt(i);
    if (unit === 0xd83c) {
      const sequence = EMOJI_TAG_SEQUENCE.exec(text.slice(i, i + 2 * (MAX_FLAG_TAGS + 2)));
      if (sequence) {
        // the flag's tags are text; the black flag itself is visible
        visit('text', i + 2, i + sequence[0].length, (sequence[0].length - 2) / 2);
        finder.lastIndex = i + sequence[0].length;
      }
    } else if (unit === 0xdb40) visit('tag', i, i + 2, 1);
    else if (isBidi(unit)) {
      // A lone direction mark in right-to-left text is routine: Unicode's CLDR writes Arabic short dates with an RLM
      // beside each slash and Intl.DateTimeFormat('ar') prints them, so Arabic and Hebrew locale files carry some.
      // Beside another invisible character it may be one symbol of a channel; in left-to-right text alone it changes
      // nothing a writer meant: both reported.
      const ofText =
        isDirectionMark(unit) &&
        !isHiddenCodePoint(codePointBefore(text, i)) &&
        !isHiddenCodePoint(text.codePointAt(i + 1) ?? Number.NaN) &&
        rightToLeftText();
      visit(ofText ? 'text' : 'bidi', i, i + 1, 1);
    } else if (!wrapperMarkers.has(i)) {
      const before = codePointBefore(text, i);
      const ofText =
        ((isJoiner(unit) || unit === 0x200b) && belongsToText(unit, before, text.codePointAt(i + 1) ?? Number.NaN)) ||
        freeVariationOfText(unit, before);
      visit(ofText || (unit === 0xfeff && i === 0) ? 'text' : 'zero-width', i, i + 1, 1);
    }
  }
}

const hex = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Payload bytes shown in a label before it is cut short with "…". */
const SHOWN_BYTES = 8;

/** The bytes a stretch of selectors carries: "f7 00 02", cut short as "f7 00 02 68 69 a6 f8 97 … (23 bytes)". */
export function payloadBytesLabel(text: string, start: number, end: number): string {
  const bytes: string[] = [];
  let count = 0;
  for (let i = start; i < end; i += selectorLengthAt(text, i), count++) {
    if (count < SHOWN_BYTES) bytes.push(byteOfSelectorAt(text, i).toString(16).padStart(2, '0'));
  }
  return `${bytes.join(' ')}${count > SHOWN_BYTES ? ` … (${count} bytes)` : ''}`;
}

/**
 * How the checker names a stretch: "VS·f7 00 02 …", "raw·68 69", "U+200B", "C2PA manifest v1, 67 bytes", "emoji flag
 * tags".
 */
export function hiddenMarkLabel(
  text: string,
  kind: MarkKind,
  start: number,
  end: number,
  wrapper?: C2paWrapper,
): string {
  if (wrapper) return c2paLabel(wrapper);
  if (kind === 'vs' || kind === 'robust' || kind === 'raw') {
    return `${kind === 'raw' ? 'raw' : 'VS'}·${payloadBytesLabel(text, start, end)}`;
  }
  const codePoint = text.codePointAt(start)!;
  if (kind !== 'text') return hex(codePoint);
  if (selectorLengthAt(text, start) > 0) return `${hex(selectorCodePointAt(text, start))} (emoji presentation)`;
  if (codePoint >= 0xe0000) return 'emoji flag tags';
  return `${hex(codePoint)} (part of the text)`;
}
