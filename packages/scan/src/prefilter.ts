import { isAscii } from 'node:buffer';
import { BASE_LIMIT, ByteSearch, type BytePattern, type PassOver, type PatternSearch } from './byte-search.js';
import { LineStretches } from './line-stretches.js';
import { ScalarSearch } from './scalar-search.js';
import {
  belongsToText,
  isHiddenCodePoint,
  isJoiner,
  isZeroWidthUnit,
  MAX_FLAG_TAGS,
} from 'wm-watermark-codec/hidden-marks';
import { byteForSelector } from 'wm-watermark-codec/selectors';
import { isTextSelector, textSelectorBases } from 'wm-watermark-codec/unicode/lookup';

/**
 * Whether UTF-8 bytes may hold something scan reports: a character of HIDDEN_CODE_POINTS
 * (packages/codec/src/hidden-marks.ts; the test checks every one) that is not plainly part of the text. Most files hold
 * none, and looking for their bytes costs a fraction of decoding the text (V8 decodes UTF-8 about thirty times
 * slower than memchr scans), so only files that may hold one are decoded.
 *
 * The bytes of every such character are found in one pass (byte-search.ts). A hit that the codec's own rules call
 * part of the text is passed over: a presentation selector after its emoji (isTextSelector), a lone zero-width
 * joiner inside a word or an emoji sequence, a byte order mark at the start, the tags of an emoji flag.
 */
const range = (low: number, high: number): number[] => Array.from({ length: high - low + 1 }, (_, k) => low + k);

/** The first three bytes of every hidden character (a two-byte one: any third byte). */
export const PATTERNS: BytePattern[] = [
  // U+E0000–E0FFF: tag characters and VS17–VS256
  { lead: 0xf3, second: 0xa0, thirds: null },
  // U+FE00–FE0F (VS1–VS16), U+FEFF, U+FFA0
  { lead: 0xef, second: 0xb8, thirds: range(0x80, 0x8f) },
  { lead: 0xef, second: 0xbb, thirds: [0xbf] },
  { lead: 0xef, second: 0xbe, thirds: [0xa0] },
  // U+200B–200F, U+202A–202E, U+2060–2069
  { lead: 0xe2, second: 0x80, thirds: [...range(0x8b, 0x8f), ...range(0xaa, 0xae)] },
  { lead: 0xe2, second: 0x81, thirds: range(0xa0, 0xa9) },
  // U+00AD, U+034F, U+061C
  { lead: 0xc2, second: 0xad, thirds: null },
  { lead: 0xcd, second: 0x8f, thirds: null },
  { lead: 0xd8, second: 0x9c, thirds: null },
  // U+115F, U+1160, U+17B4, U+17B5, U+180B–180F, U+3164
  { lead: 0xe1, second: 0x85, thirds: [0x9f, 0xa0] },
  { lead: 0xe1, second: 0x9e, thirds: [0xb4, 0xb5] },
  { lead: 0xe1, second: 0xa0, thirds: range(0x8b, 0x8f) },
  { lead: 0xe3, second: 0x85, thirds: [0xa4] },
];

/**
 * What the search passes over itself, being found by the thousand where they belong to the text: a joiner with no
 * zero-width character beside it before a letter of a script that uses joiners (Persian, Indic conjuncts, emoji
 * sequences), and an emoji presentation selector
 * (VS15, VS16) right after a base that registers it (not after a selector). The same rules as isReported's, asked
 * without a call out of the search (every zero-width character is a pattern); what they do not settle (a base past
 * the table, a joiner too near the start) comes back to isReported.
 */
export function passOver(): PassOver {
  const bases = (selector: number): Uint8Array => {
    const table = textSelectorBases(selector, BASE_LIMIT);
    // a selector after a selector is a run's payload (no selector is a variation base; said here all the same)
    for (let codePoint = 0xfe00; codePoint <= 0xfe0f; codePoint++) table[codePoint >> 3] &= ~(1 << (codePoint & 7));
    return table;
  };
  return {
    alone: {
      characters: [
        [0xe2, 0x80, 0x8c],
        [0xe2, 0x80, 0x8d],
      ],
      joins: isZeroWidthUnit,
      // a joiner between two Latin letters is reported (belongsToText): passed over here only before a character
      // that is surely no Latin letter, of the scripts and emoji that use joiners: U+0340–U+07FF (Arabic, Hebrew,
      // Syriac…), U+0800–U+0FFF (the Indic scripts), U+2640–U+26BF (♀ ♂ ⚕ of emoji sequences) and
      // U+10000–U+3FFFF (emoji); the rest is asked of isReported
      leadsAfter: [
        [0xcd00, 0xe0ff],
        [0xe299, 0xe29a],
        [0xf000, 0xf0ff],
      ],
    },
    afterBase: [
      { bytes: [0xef, 0xb8, 0x8e], bases: bases(0xfe0e) },
      { bytes: [0xef, 0xb8, 0x8f], bases: bases(0xfe0f) },
    ],
  };
}

/**
 * How the bytes are searched: `wasm` (byte-search.ts, SIMD, several GB/s) wherever WebAssembly runs, else `scalar`
 * (scalar-search.ts: the same answers from the same tables, an order of magnitude slower). Tests select each.
 */
export type SearchEngine = 'wasm' | 'scalar';
let engine: SearchEngine = (globalThis as { WebAssembly?: unknown }).WebAssembly ? 'wasm' : 'scalar';
/** One search of each engine per thread, made when first used. */
const searches = new Map<SearchEngine, PatternSearch>();

/** Selects the search this thread uses from now on (ScanSettings.search). */
export function selectSearch(chosen: SearchEngine): void {
  engine = chosen;
}

function searchOf(): PatternSearch {
  let search = searches.get(engine);
  if (!search) {
    search = engine === 'wasm' ? new ByteSearch(PATTERNS, passOver()) : new ScalarSearch(PATTERNS, passOver());
    searches.set(engine, search);
  }
  return search;
}

export function mayHideMarks(bytes: Buffer): boolean {
  if (isAscii(bytes)) return false;
  return searchOf().some(bytes, (start) => (isReported(bytes, start) ? -1 : resumeAfter(bytes, start)));
}

/**
 * The stretches of whole lines of `bytes` that hold a character scan may report (LineStretches: [] when there is
 * none); stretches less than `gap` bytes apart are one. Where marks are on most lines of
 * the first DENSE_PROBE bytes (a robust watermark), the whole of `bytes` is one stretch, without looking further.
 */
export function markedLines(bytes: Buffer, gap: number): number[] {
  if (isAscii(bytes)) return [];
  const stretches = new LineStretches(bytes, gap);
  searchOf().some(bytes, (start) => {
    if (!isReported(bytes, start)) return resumeAfter(bytes, start);
    const lineEnd = stretches.add(start);
    if (lineEnd >= DENSE_PROBE && stretches.covered * 2 > lineEnd) {
      stretches.list.splice(0, stretches.list.length, 0, bytes.length);
      return -1;
    }
    // the rest of the line is in the stretch already
    return lineEnd;
  });
  return stretches.list;
}

const DENSE_PROBE = 8 << 10;

/** A buffer to read files into that mayHideMarks searches without copying (one per thread; see ByteSearch). */
export const prefilterBuffer = (bytes: number): Buffer => searchOf().buffer(bytes);

/** Where to search on after a character that is not reported: past an emoji flag's tags, else the next byte. */
function resumeAfter(bytes: Uint8Array, start: number): number {
  let end = start + 1;
  if (bytes[start] === 0xf3) while (isTag(codePointAt(bytes, end - 1))) end += 4;
  return end;
}

/** Whether the character at `start` is one scan reports (or may, with what the decoder sees around it). */
function isReported(bytes: Uint8Array, start: number): boolean {
  const codePoint = codePointAt(bytes, start);
  if (!isHiddenCodePoint(codePoint)) return false;
  const before = codePointBefore(bytes, start);
  if (byteForSelector(codePoint) >= 0) {
    // the first selector after a base that registers it is text; a selector after a selector is a run's payload
    return byteForSelector(before) >= 0 || !isTextSelector(before, codePoint);
  }
  if (isJoiner(codePoint) || codePoint === 0x200b) {
    return !belongsToText(codePoint, before, codePointAt(bytes, start + 3));
  }
  if (codePoint === 0xfeff && start === 0) return byteForSelector(codePointAt(bytes, 3)) >= 0;
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return !inEmojiTagSequence(bytes, start);
  return true;
}

const BLACK_FLAG = 0x1f3f4;
const isTag = (codePoint: number): boolean => codePoint >= 0xe0020 && codePoint <= 0xe007e;

/**
 * Whether the tag at `start` is inside a flag such as Scotland's: U+1F3F4, tags U+E0020–E007E, U+E007F (no more
 * tags than the codec reads a flag with).
 */
function inEmojiTagSequence(bytes: Uint8Array, start: number): boolean {
  let first = start;
  while (isTag(codePointBefore(bytes, first))) first -= 4;
  if (codePointBefore(bytes, first) !== BLACK_FLAG) return false;
  let end = start;
  while (isTag(codePointAt(bytes, end))) end += 4;
  // at least one tag between the flag and the cancel tag
  return first < end && (end - first) / 4 <= MAX_FLAG_TAGS && codePointAt(bytes, end) === 0xe007f;
}

/**
 * The code point of the character that starts at `at` as a decoder reads it: U+FFFD where the bytes there are no
 * well-formed UTF-8 character (a stray continuation byte, a cut or overlong sequence, a surrogate), NaN past the end.
 */
function codePointAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at];
  if (lead === undefined) return Number.NaN;
  if (lead < 0x80) return lead;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  if (length === 0 || lead > 0xf4) return REPLACEMENT;
  let codePoint = lead & (0xff >> (length + 1));
  for (let k = 1; k < length; k++) {
    const next = bytes[at + k];
    if (next === undefined || (next & 0xc0) !== 0x80) return REPLACEMENT;
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  const shortest = codePoint >= SHORTEST[length];
  const valid = shortest && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return valid ? codePoint : REPLACEMENT;
}

const REPLACEMENT = 0xfffd;
/** the least code point a sequence of each length may encode (a smaller one is overlong) */
const SHORTEST = [0, 0, 0x80, 0x800, 0x10000];

/**
 * The code point of the character that ends right before `at` as a decoder reads it (-1 at the start, as the
 * codec's codePointBefore): U+FFFD unless the bytes before `at` end with a well-formed character.
 */
function codePointBefore(bytes: Uint8Array, at: number): number {
  if (at <= 0) return -1;
  let start = at - 1;
  while (start > 0 && start > at - 4 && (bytes[start] & 0xc0) === 0x80) start--;
  const length = bytes[start] >= 0xf0 ? 4 : bytes[start] >= 0xe0 ? 3 : bytes[start] >= 0xc0 ? 2 : 1;
  return start + length === at ? codePointAt(bytes, start) : REPLACEMENT;
}
