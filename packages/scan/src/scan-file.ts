import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { findMarks, type ReadWatermark, type RobustFinding, type TextFindings } from 'wm-watermark-codec/findings';
import { confusableWords, lookAlikeLines } from './confusables.js';
import { reasonOf } from './error-reason.js';
import { levelOf, type SettableLevel } from './levels.js';
import { mayHideMarks, prefilterBuffer, selectSearch, type SearchEngine } from './prefilter.js';
import { sniffEncoding, type TextEncoding } from './encoding.js';
import type { FileOutcome, FileReport, HiddenReport, RobustReport, ScanOutcome } from './report-types.js';
import { hiddenRule, isScheme, RULES, type RuleId } from './rules.js';
import { isSourcePath, schemeNamer } from './schemes.js';
import { FILE_START } from './positions.js';
import { piecePositions, sparseText } from './sparse-text.js';
import { stripFile } from './strip-file.js';
import type { WriteScope } from './write-scope.js';
import { DEFAULT_SIZES, readWindows, type WindowBuffer, type WindowSizes } from './windows.js';

/** How every file of a scan is read: the key for keyed watermarks, positions kept per kind, and stripping. */
export interface ScanSettings {
  key?: Uint8Array;
  /** positions listed per kind of hidden character */
  positions: number;
  /**
   * remove the marks from the files where they are found (wm scan --strip, wm strip --in-place), never writing
   * outside `scope`, the paths named on the command line (write-scope.ts)
   */
  strip?: { all: boolean; dryRun: boolean; scope: WriteScope };
  /** files larger than this many bytes are skipped */
  maxSize?: number;
  /** how files are cut into windows (the default everywhere but in tests of the cutting itself) */
  windows?: WindowSizes;
  /** false: decode every window whole, not only its lines that may hold marks (for tests that compare the two) */
  sparse?: boolean;
  /** the level of wm watermarks, C2PA manifests and stray invisible characters (default warning: levels.ts) */
  marksLevel?: SettableLevel;
  /** report the invisible characters that belong to the text too (no prefilter then: it passes over them) */
  all?: boolean;
  /** how bytes are searched (default: WebAssembly where it runs): prefilter.ts */
  search?: SearchEngine;
}

/**
 * Reads one file and says what is hidden in it (and strips it when asked). Never throws: failures are reports. With
 * `decode` false it only looks: a file that may hold marks is answered 'marked', to be read again with decode, on a
 * thread that has decoded before (pool.ts).
 */
export function scanFile(path: string, settings: ScanSettings): Promise<FileOutcome>;
export function scanFile(path: string, settings: ScanSettings, decode: boolean): Promise<ScanOutcome>;
export async function scanFile(path: string, settings: ScanSettings, decode = true): Promise<ScanOutcome> {
  let fd: number | undefined;
  if (settings.search) selectSearch(settings.search);
  try {
    // non-blocking: a FIFO swapped in for a file after the walk saw it must not make the scan wait for a writer
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const { window, lookahead } = settings.windows ?? DEFAULT_SIZES;
    // one buffer per thread, inside the prefilter's memory (stripping, which waits on writes, takes its own)
    const buffer = prefilterBuffer(window + lookahead);
    const asked = Math.min(buffer.length, (settings.maxSize ?? Infinity) + 1);
    const bytesRead = readSync(fd, buffer, 0, asked, 0);
    // a read shorter than asked is the whole file: only the size of a larger one is asked for
    const size = bytesRead < asked ? bytesRead : fstatSync(fd).size;
    if (settings.maxSize !== undefined && size > settings.maxSize) {
      return { type: 'skipped', path, reason: 'too large', detail: `${size} bytes`, bytes: size };
    }
    const sniffed = sniffEncoding(buffer.subarray(0, bytesRead));
    if ('binary' in sniffed) return { type: 'skipped', path, reason: 'binary', detail: sniffed.binary, bytes: size };
    if (sniffed.encoding !== 'utf-8' && size % 2 === 1) {
      return { type: 'skipped', path, reason: 'binary', detail: 'an odd number of bytes for UTF-16', bytes: size };
    }
    const read = { buffer, bytesRead };
    const source = isSourcePath(path);
    // a file of one window is looked at before it is decoded, as most files hold nothing (cheaper than the decoding
    // read, which makes a report); a first look (decode false) answers what it saw
    if (!decode || bytesRead === size) {
      const marked =
        settings.all ||
        mayBeMarked(fd, size, sniffed.encoding, read, settings.windows) ||
        (source && holdsLookAlikes(read, size));
      if (!marked) return { type: 'clean', path, bytes: size };
      if (!decode) return { type: 'marked', path };
    }
    const report = findingsOf(fd, path, size, sniffed.encoding, settings, read, source);
    if (!report) return { type: 'clean', path, bytes: size };
    closeSync(fd);
    fd = undefined;
    if (settings.strip) {
      report.strip = await stripFile(path, sniffed.encoding, report.c2pa.length, {
        ...settings.strip,
        windows: settings.windows,
      });
    }
    return report;
  } catch (error) {
    return { type: 'error', path, message: reasonOf(error) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Whether a source file that holds no mark holds look-alike names, told in the first look (confusables.ts: only the
 * lines where a non-ASCII character meets an ASCII one of a name are decoded), so that the many files of non-ASCII
 * source code (locales, comments in other languages) are not read again to decode. A file larger than one window is
 * left to the decoding read.
 */
function holdsLookAlikes(read: WindowBuffer, size: number): boolean {
  if (read.bytesRead < size) return true;
  const bytes = read.buffer.subarray(0, size);
  const lines = lookAlikeLines(bytes);
  if (lines.length === 0) return false;
  const { text, ownLength } = sparseText(bytes, lines, size, FILE_START);
  return confusableWords(text, ownLength).length > 0;
}

/** Whether a file may hold marks, before decoding (UTF-16 files always: they are not searched as bytes). */
function mayBeMarked(
  fd: number,
  size: number,
  encoding: TextEncoding,
  read: WindowBuffer,
  sizes?: WindowSizes,
): boolean {
  if (encoding !== 'utf-8') return true;
  // most files are one window, asked of the prefilter directly
  if (read.bytesRead === size) return mayHideMarks(read.buffer.subarray(0, size));
  for (const window of readWindows(fd, size, encoding, read, sizes, 'none')) if (window.marked) return true;
  return false;
}

const NO_MARKS: TextFindings = { watermarks: [], robust: [], c2pa: [], hidden: [] };

interface HiddenTally extends HiddenReport {
  spelled: string[];
  texts: (string | null)[];
  codePoints: Map<number, number>;
  byteLabels: string[];
}

function findingsOf(
  fd: number,
  path: string,
  size: number,
  encoding: TextEncoding,
  settings: ScanSettings,
  read: WindowBuffer,
  source: boolean,
): FileReport | null {
  const report: FileReport = {
    type: 'file',
    path,
    encoding,
    bytes: size,
    watermarks: [],
    robust: [],
    c2pa: [],
    hidden: [],
    confusables: [],
  };
  const robustFrames: Uint8Array[] = [];
  // by rule: a kind's stretches of each scheme are a finding of their own
  const hidden = new Map<RuleId, HiddenTally>();
  const marksLevel = settings.marksLevel ?? 'warning';
  // a source file is read whole where it may hold marks, else in its lines that may hold look-alike names
  const decoding = settings.all ? 'every' : source ? 'source' : settings.sparse === false ? 'whole' : 'sparse';
  for (const window of readWindows(fd, size, encoding, read, settings.windows, decoding)) {
    const { text } = window;
    if (text === null) continue;
    const namer = schemeNamer(text, source);
    // lines decoded for their names only hold no mark (the prefilter agrees with findMarks)
    const found = window.marked
      ? findMarks(text, {
          key: settings.key,
          firstPositions: settings.positions,
          reportBefore: window.ownLength,
          all: settings.all,
          nameStretch: namer.name,
        })
      : NO_MARKS;
    const named = found.hidden.map((kind) => ({
      ...kind,
      scheme: isScheme(kind.scheme) ? kind.scheme : undefined,
      // GlassWorm: where the code each listed run spells is run
      decoders: kind.scheme === 'glassworm' ? kind.offsets.map((offset) => namer.decoders.get(offset) ?? offset) : [],
      // Encypher's metadata spread one selector per character: its first place shows the JSON all of them spell
      texts: kind.texts.map((spelled, k) => (kind.offsets[k] === namer.spread.start ? namer.spread.text : spelled)),
    }));
    const lookAlikes = source ? confusableWords(text, window.ownLength) : [];
    const offsets = [
      ...lookAlikes.map((word) => word.offset),
      ...found.watermarks.map((mark) => mark.offset),
      ...found.robust.flatMap((mark) => [mark.start, mark.end - 2]),
      ...found.c2pa.map((wrapper) => wrapper.index),
      ...named.flatMap((kind) => [...kind.offsets, ...kind.decoders]),
    ];
    const positions = piecePositions(text, window.pieces, offsets);
    let next = 0;
    for (const { word, looksLike, lookAlikes: codePoints } of lookAlikes) {
      report.confusables.push({
        at: positions[next++],
        level: levelOf('confusable-identifier', marksLevel),
        word,
        looks_like: looksLike,
        code_points: codePointNames(countsOf(codePoints)),
      });
    }
    for (const mark of found.watermarks) {
      const rule = mark.signer ? 'signed-watermark' : 'watermark';
      report.watermarks.push({ at: positions[next++], level: levelOf(rule, marksLevel), ...readOf(mark) });
    }
    for (const mark of found.robust) {
      const robust: RobustReport = {
        start: positions[next++],
        end: positions[next++],
        level: levelOf('robust-watermark', marksLevel),
        ...readOf(mark),
        copies_found: mark.copiesFound,
      };
      addRobust(report.robust, robustFrames, robust, mark);
    }
    for (const wrapper of found.c2pa) {
      const { version, length, label, problem } = wrapper;
      report.c2pa.push({
        at: positions[next++],
        level: levelOf('c2pa', marksLevel),
        ...(version !== undefined ? { version } : {}),
        ...(length !== undefined ? { length } : {}),
        ...(label !== undefined ? { label } : {}),
        valid: problem === undefined,
        ...(problem !== undefined ? { reason: problem } : {}),
      });
    }
    for (const kind of named) {
      const rule = hiddenRule(kind);
      let tally = hidden.get(rule);
      if (!tally) {
        const empty = { count: 0, places: 0, first: [], codePoints: new Map(), byteLabels: [], spelled: [], texts: [] };
        const scheme = kind.scheme ? { scheme: kind.scheme } : {};
        hidden.set(rule, (tally = { kind: kind.kind, ...scheme, level: levelOf(rule, marksLevel), ...empty }));
      }
      tally.count += kind.count;
      tally.places += kind.places;
      const first = positions.slice(next, (next += kind.offsets.length));
      const decoders = positions.slice(next, (next += kind.decoders.length));
      const room = settings.positions - tally.first.length;
      tally.first.push(...first.slice(0, room));
      if (decoders.length > 0) (tally.decoders ??= []).push(...decoders.slice(0, room));
      tally.byteLabels.push(...kind.bytes.slice(0, room));
      tally.spelled.push(...kind.spelled.slice(0, room));
      tally.texts.push(...kind.texts.slice(0, room));
      for (const [codePoint, count] of kind.codePoints) {
        tally.codePoints.set(codePoint, (tally.codePoints.get(codePoint) ?? 0) + count);
      }
    }
  }
  // as in one text (findMarks): where a robust watermark verifies, robust marks are that watermark, also those a
  // window of a long file read without verifying them (the part of a passage cut off by the window's end)
  if (report.robust.length > 0) hidden.delete('robust');
  report.hidden = RULES.flatMap(({ id }) => hidden.get(id) ?? []).map(
    ({ codePoints, byteLabels, spelled, texts, ...kind }) => ({
      ...kind,
      ...(codePoints.size > 0 ? { code_points: codePointNames(codePoints) } : {}),
      ...(byteLabels.length > 0 ? { bytes: byteLabels } : {}),
      ...(spelled.length > 0 ? { spelled } : {}),
      ...(texts.some((text) => text !== null) ? { texts } : {}),
    }),
  );
  const found = [report.watermarks, report.robust, report.c2pa, report.hidden, report.confusables];
  const any = found.some((list) => list.length > 0);
  return any ? report : null;
}

function readOf(mark: ReadWatermark) {
  return {
    decoded: mark.decoded,
    keyed: mark.keyed,
    ...(mark.failure ? { error: mark.failure } : {}),
    ...(mark.signer ? { signer: mark.signer } : {}),
  };
}

/** A robust watermark found again in the next window of a long file (the same frame) extends the last one. */
function addRobust(reports: RobustReport[], frames: Uint8Array[], report: RobustReport, found: RobustFinding): void {
  const last = frames.length - 1;
  if (last >= 0 && sameBytes(frames[last], found.frame)) {
    reports[last].end = report.end;
    reports[last].copies_found += report.copies_found;
    return;
  }
  reports.push(report);
  frames.push(found.frame);
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

function countsOf(codePoints: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const codePoint of codePoints) counts.set(codePoint, (counts.get(codePoint) ?? 0) + 1);
  return counts;
}

function codePointNames(codePoints: Map<number, number>): Record<string, number> {
  const sorted = [...codePoints].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([codePoint, count]) => [`U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`, count]),
  );
}
