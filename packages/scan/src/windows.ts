import { isAscii } from 'node:buffer';
import { readSync } from 'node:fs';
import { decodeText, unitBytes, type TextEncoding } from './encoding.js';
import { lookAlikeLines } from './confusables.js';
import { markedLines, mayHideMarks } from './prefilter.js';
import { FILE_START, originAfter, originAfterBytes, type TextOrigin } from './positions.js';
import { sparseText, type SparseText } from './sparse-text.js';

/**
 * A file is read in windows of at most 8 MiB + 256 KiB, so memory stays the same whatever its size. Each window owns
 * the bytes up to the next cut (what starts there is its to report) and reads 256 KiB further, so that a watermark
 * starting near its end is still read whole. Cuts fall after a line end when there is one near, else between two
 * ASCII characters, else between two characters neither of which is a mark: never inside a run of selectors, a
 * C2PA manifest or an emoji sequence.
 */
export interface WindowSizes {
  window: number;
  lookahead: number;
  /** with `sparse`: stretches of marked lines nearer than this many bytes are decoded as one (default 4 KiB) */
  gap?: number;
}

export const DEFAULT_SIZES: WindowSizes = { window: 8 << 20, lookahead: 256 << 10, gap: 4 << 10 };
/** how far back from the target a cut is looked for */
const CUT_SEARCH_BYTES = 1 << 20;

export interface TextWindow {
  /** whether its bytes may hold a hidden character (the prefilter's answer; always for UTF-16) */
  marked: boolean;
  /**
   * the window's text, own part and lookahead (with `sparse` or `source`, maybe only its lines that may hold marks
   * or look-alike names: see pieces); null when there is nothing to look for in it (not decoded)
   */
  text: string | null;
  /** the bytes of the own part (valid until the next window is read) */
  ownBytes: Buffer;
  /** UTF-16 length of the own part (what starts before it is this window's to report) */
  ownLength: number;
  /** where text[0] is in the file */
  origin: TextOrigin;
  /** where the pieces of `text` start in it, and where their first characters are in the file */
  pieces: SparseText['pieces'];
  /** byte offset of the window in the file */
  byteOffset: number;
}

/**
 * How windows that may hold marks are decoded: whole (strip, which writes them back), only in their lines that may
 * hold marks (sparse-text.ts: scan, which only reads), or not at all (a first look, which only asks whether any may).
 * `every`: every window that is not all ASCII whole, without asking the prefilter (which passes over what belongs to
 * the text). `source`, for source code: a window that may hold marks whole (a GlassWorm decoder is looked for
 * anywhere in it), any other only in its lines that may hold look-alike names (confusables.ts), with `marked` false.
 */
export type Decoding = 'whole' | 'sparse' | 'every' | 'source' | 'none';

/** What of a window to decode: the stretches of its lines (null: all of it), and whether it may hold marks. */
interface ToDecode {
  marked: boolean;
  stretches: number[] | null;
}

const ALL_MARKED: ToDecode = { marked: true, stretches: null };
const NOTHING: ToDecode = { marked: false, stretches: [] };

function toDecode(window: Buffer, decoding: Exclude<Decoding, 'none'>, gap: number): ToDecode {
  if (isAscii(window)) return NOTHING;
  if (decoding === 'every') return ALL_MARKED;
  if (decoding === 'sparse') {
    const stretches = markedLines(window, gap);
    return { marked: stretches.length > 0, stretches };
  }
  if (mayHideMarks(window)) return ALL_MARKED;
  return decoding === 'source' ? { marked: false, stretches: lookAlikeLines(window) } : NOTHING;
}

/**
 * The windows of the text file open as `fd` in `encoding`, in order. UTF-8 windows whose bytes cannot hold a hidden
 * character are not decoded; the others as `decoding` says. `size` is the file's size when it was opened.
 * Synchronous reads: the worker threads that call it have nothing else to do meanwhile, and a file read in one call
 * costs less than a trip through the thread pool per read.
 */
export function* readWindows(
  fd: number,
  size: number,
  encoding: TextEncoding,
  read: WindowBuffer = { buffer: Buffer.allocUnsafe(windowBufferBytes(size)), bytesRead: -1 },
  sizes: WindowSizes = DEFAULT_SIZES,
  decoding: Decoding = 'whole',
): Generator<TextWindow> {
  const { buffer } = read;
  // a byte order mark is no column: editors do not show it
  let origin = FILE_START;
  let start = 0;
  while (start < size || (start === 0 && size === 0)) {
    const bytesRead =
      start === 0 && read.bytesRead >= 0
        ? read.bytesRead
        : readSync(fd, buffer, 0, Math.min(buffer.length, sizes.window + sizes.lookahead), start);
    const bytes = buffer.subarray(0, bytesRead);
    if (start === 0 && startsWithByteOrderMark(bytes, encoding)) origin = { lines: 0, column: -1, utf16Column: -1 };
    const last = start + bytesRead >= size;
    const ownEnd = last && bytesRead <= sizes.window ? bytesRead : cutBefore(bytes, sizes.window, encoding);
    const readEnd = last ? bytesRead : cutBefore(bytes, ownEnd + sizes.lookahead, encoding);
    const window = bytes.subarray(0, readEnd);
    const ownBytes = bytes.subarray(0, ownEnd);
    const plain = { text: null, ownBytes, ownLength: 0, origin, pieces: [], byteOffset: start };
    if (decoding === 'none') {
      yield { ...plain, marked: encoding !== 'utf-8' || mayHideMarks(window) };
    } else {
      const { marked, stretches } =
        encoding === 'utf-8' ? toDecode(window, decoding, sizes.gap ?? DEFAULT_SIZES.gap!) : ALL_MARKED;
      const whole = stretches !== null && stretches.length === 2 && stretches[0] === 0 && stretches[1] === readEnd;
      if (!marked && (stretches === null || stretches.length === 0)) {
        yield { ...plain, marked: false };
        // where the next window starts is needed only when there is one
        if (!last) origin = originAfterBytes(ownBytes, origin);
      } else if (stretches !== null && !whole) {
        yield { ...sparseText(window, stretches, ownEnd, origin), marked, ownBytes, origin, byteOffset: start };
        if (!last) origin = originAfterBytes(ownBytes, origin);
      } else {
        const own = decodeText(ownBytes, encoding);
        const text = readEnd > ownEnd ? own + decodeText(window.subarray(ownEnd), encoding) : own;
        yield {
          text,
          marked,
          ownBytes,
          ownLength: own.length,
          origin,
          pieces: [{ at: 0, origin }],
          byteOffset: start,
        };
        if (!last) origin = originAfter(text, own.length, origin);
      }
    }
    if (size === 0 || ownEnd === 0) return;
    start += ownEnd;
  }
}

function startsWithByteOrderMark(bytes: Uint8Array, encoding: TextEncoding): boolean {
  if (encoding === 'utf-8') return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return encoding === 'utf-16le' ? bytes[0] === 0xff && bytes[1] === 0xfe : bytes[0] === 0xfe && bytes[1] === 0xff;
}

/** A buffer to read windows into, and how many bytes of the file's start it already holds (-1: none). */
export interface WindowBuffer {
  buffer: Buffer;
  bytesRead: number;
}

/** The bytes a window buffer needs for a file of `size` bytes. */
export const windowBufferBytes = (size: number, sizes = DEFAULT_SIZES): number =>
  Math.min(size, sizes.window + sizes.lookahead);

/**
 * A cut at or before `target` (and after 0) that splits no character and no sequence of marks: the character after
 * it is no mark (isPlainStart). Preferably right after a line end, else between two ASCII characters.
 */
export function cutBefore(bytes: Uint8Array, target: number, encoding: TextEncoding): number {
  const end = Math.min(target, bytes.length);
  if (end === bytes.length) return end;
  const step = unitBytes(encoding);
  const top = end - (end % step);
  const floor = Math.max(step, top - CUT_SEARCH_BYTES);
  const at = (test: (p: number) => boolean): number => {
    for (let p = top; p >= floor; p -= step) if (test(p)) return p;
    return -1;
  };
  if (encoding === 'utf-8') {
    const cut = [
      at((p) => bytes[p - 1] === 0x0a && isPlainStart(bytes, p)),
      at((p) => bytes[p - 1] < 0x80 && bytes[p] < 0x80),
      at((p) => isPlainStart(bytes, p) && !afterJoiner(bytes, p)),
    ].find((p) => p > 0);
    return cut ?? top;
  }
  const unitAt = (p: number): number =>
    encoding === 'utf-16le' ? bytes[p] | (bytes[p + 1] << 8) : (bytes[p] << 8) | bytes[p + 1];
  const plainUnit = (p: number): boolean => {
    const unit = unitAt(p);
    return !(unit >= 0xdc00 && unit <= 0xdfff) && !isMarkUnit(unit) && unitAt(p - 2) !== 0x200d;
  };
  const cut = [at((p) => unitAt(p - 2) === 0x0a && plainUnit(p)), at(plainUnit)].find((p) => p > 0);
  return cut ?? top;
}

/**
 * Whether a UTF-8 character begins at `p` that is neither a mark nor depends on the character before it: no
 * continuation byte, variation selector or tag (EF B8 …, F3 A0 …), zero-width or direction character (E2 80 …,
 * E2 81 …), U+FEFF (EF BB BF, which may begin a C2PA manifest) or combining mark (U+0300–036F: CC, CD).
 */
function isPlainStart(bytes: Uint8Array, p: number): boolean {
  const lead = bytes[p];
  if ((lead & 0xc0) === 0x80 || lead === 0xcc || lead === 0xcd) return false;
  const second = bytes[p + 1];
  if (lead === 0xf3 && second === 0xa0) return false;
  if (lead === 0xef && (second === 0xb8 || second === 0xbb)) return false;
  return !(lead === 0xe2 && (second === 0x80 || second === 0x81));
}

/** Right after a zero-width joiner (E2 80 8D), which glues what follows to what precedes. */
const afterJoiner = (bytes: Uint8Array, p: number): boolean =>
  bytes[p - 1] === 0x8d && bytes[p - 2] === 0x80 && bytes[p - 3] === 0xe2;

/** The UTF-16 units of the same marks (a high surrogate U+DB40 begins every selector and tag of plane 14). */
const isMarkUnit = (unit: number): boolean =>
  unit === 0xdb40 ||
  (unit >= 0xfe00 && unit <= 0xfe0f) ||
  unit === 0xfeff ||
  (unit >= 0x0300 && unit <= 0x036f) ||
  (unit >= 0x2000 && unit <= 0x207f);
