import { isAscii } from 'node:buffer';
import { isJoiner, isZeroWidthUnit } from '../../codec/hidden-marks.js';
import { byteForSelector } from '../../codec/selectors.js';
import { isTextSelector } from '../../codec/unicode/lookup.js';

/**
 * Whether UTF-8 bytes may hold something scan reports: a character of HIDDEN_CODE_POINTS
 * (src/codec/hidden-marks.ts; the test checks every one) that is not plainly part of the text. Most files hold
 * none, and looking for their bytes costs a fraction of decoding the text (V8 decodes UTF-8 thirty times slower
 * than memchr scans), so only files that may are decoded.
 *
 * Needles are grouped by lead byte, and a group is searched only when its lead byte occurs at all: each search is
 * a memchr-speed scan for the needle's first byte. Where a lead byte is every character of a script (E1: Georgian,
 * Ethiopic, Myanmar, Khmer; E3: kana), the needle is the character's last two bytes instead, each one in sixty-four.
 * A hit that the codec's own rules call part of the text is passed over: a presentation selector after its emoji
 * (isTextSelector), a lone zero-width joiner inside a word or an emoji sequence, a byte order mark at the start.
 */
interface Needle {
  bytes: Buffer;
  /** where the character starts, relative to the needle */
  back: number;
  /** the byte after the needle, when only some values make a hidden character (checked before anything else) */
  next?: (byte: number) => boolean;
}

const needle = (hex: string, next?: (byte: number) => boolean): Needle => ({
  bytes: Buffer.from(hex, 'hex'),
  back: 0,
  next,
});
const tail = (hex: string): Needle => ({ bytes: Buffer.from(hex, 'hex'), back: 1 });
const within = (low: number, high: number) => (byte: number) => byte >= low && byte <= high;

const GROUPS: { lead: number; needles: Needle[] }[] = [
  // U+E0000–E0FFF: tag characters and VS17–VS256
  { lead: 0xf3, needles: [needle('f3a0')] },
  // U+FE00–FE3F (VS1–VS16), U+FEFF, U+FFA0
  { lead: 0xef, needles: [needle('efb8', within(0x80, 0x8f)), needle('efbbbf'), needle('efbea0')] },
  // U+200B–200F, U+202A–202E, U+2060–2069
  {
    lead: 0xe2,
    needles: [
      needle('e280', (byte) => (byte >= 0x8b && byte <= 0x8f) || (byte >= 0xaa && byte <= 0xae)),
      needle('e281', within(0xa0, 0xa9)),
    ],
  },
  { lead: 0xc2, needles: [needle('c2ad')] },
  { lead: 0xcd, needles: [needle('cd8f')] },
  { lead: 0xd8, needles: [needle('d89c')] },
  // U+115F, U+1160, U+17B4, U+17B5, U+180B–180F
  {
    lead: 0xe1,
    needles: ['859f', '85a0', '9eb4', '9eb5', 'a08b', 'a08c', 'a08d', 'a08e', 'a08f'].map(tail),
  },
  { lead: 0xe3, needles: [tail('85a4')] },
];

export function mayHideMarks(bytes: Buffer): boolean {
  if (isAscii(bytes)) return false;
  for (const { lead, needles } of GROUPS) {
    if (bytes.indexOf(lead) < 0) continue;
    for (const { bytes: pattern, back, next } of needles) {
      for (let at = bytes.indexOf(pattern); at >= 0; at = bytes.indexOf(pattern, at + 1)) {
        if (next && !next(bytes[at + pattern.length])) continue;
        const start = at - back;
        if (start >= 0 && bytes[start] === lead && isReported(bytes, start)) return true;
      }
    }
  }
  return false;
}

const HIDDEN = (codePoint: number): boolean =>
  byteForSelector(codePoint) >= 0 ||
  (codePoint >= 0xe0000 && codePoint <= 0xe007f) ||
  (codePoint <= 0xffff && (isZeroWidthUnit(codePoint) || isBidi(codePoint)));

const isBidi = (unit: number): boolean =>
  unit === 0x061c ||
  unit === 0x200e ||
  unit === 0x200f ||
  (unit >= 0x202a && unit <= 0x202e) ||
  (unit >= 0x2066 && unit <= 0x2069);

/** Whether the character at `start` is one scan reports (or may, with what the decoder sees around it). */
function isReported(bytes: Uint8Array, start: number): boolean {
  const codePoint = codePointAt(bytes, start);
  if (!HIDDEN(codePoint)) return false;
  const before = codePointBefore(bytes, start);
  if (byteForSelector(codePoint) >= 0) {
    // the first selector after a base that registers it is text; a selector after a selector is a run's payload
    return byteForSelector(before) >= 0 || !isTextSelector(before, codePoint);
  }
  if (isJoiner(codePoint)) {
    const after = codePointAt(bytes, start + 3);
    return isZeroWidthUnit(before) || isZeroWidthUnit(after);
  }
  if (codePoint === 0xfeff && start === 0) return byteForSelector(codePointAt(bytes, 3)) >= 0;
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return !inEmojiTagSequence(bytes, start);
  return true;
}

const BLACK_FLAG = 0x1f3f4;
const isTag = (codePoint: number): boolean => codePoint >= 0xe0020 && codePoint <= 0xe007e;

/** Whether the tag at `start` is inside a flag such as Scotland's: U+1F3F4, tags U+E0020–E007E, U+E007F. */
function inEmojiTagSequence(bytes: Uint8Array, start: number): boolean {
  let first = start;
  while (isTag(codePointBefore(bytes, first))) first -= 4;
  if (codePointBefore(bytes, first) !== BLACK_FLAG) return false;
  let end = start;
  while (isTag(codePointAt(bytes, end))) end += 4;
  // at least one tag between the flag and the cancel tag
  return first < end && codePointAt(bytes, end) === 0xe007f;
}

/** The code point whose UTF-8 starts at `at` (NaN past the end; well-formed UTF-8 assumed, else any value). */
function codePointAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at];
  if (lead === undefined) return Number.NaN;
  if (lead < 0x80) return lead;
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | (bytes[at + 1] & 0x3f);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | ((bytes[at + 1] & 0x3f) << 6) | (bytes[at + 2] & 0x3f);
  return (
    ((lead & 0x07) << 18) | ((bytes[at + 1] & 0x3f) << 12) | ((bytes[at + 2] & 0x3f) << 6) | (bytes[at + 3] & 0x3f)
  );
}

/** The code point that ends right before `at` (-1 at the start, as the codec's codePointBefore). */
function codePointBefore(bytes: Uint8Array, at: number): number {
  let start = at - 1;
  while (start > 0 && start > at - 4 && (bytes[start] & 0xc0) === 0x80) start--;
  return start < 0 ? -1 : codePointAt(bytes, start);
}
