import type { C2paWrapper } from './c2pa.js';
import { c2paReport, describeC2pa, type C2paReport } from './c2pa-report.js';
import { CodecError } from './errors.js';
import { findFrames, type Frame } from './frame.js';
import { corrupted, mostInformative, refuseUnkeyed, secretOf, unkeyedAccepted, unkeyedLeftOut } from './open-marks.js';
import { checkFlag, checkKey, checkText, checkVerifyingKeys } from './options.js';
import { findRobustWatermarks, noVerifiedCopy } from './robust/watermarks.js';
import { codePointCounter, payloadBytes } from './scan.js';
import { keyringOf, reportSignature, textDigestMemo, UNSIGNED, type Keyring } from './signature-report.js';
import type { DecodedWatermark, DecodeOptions, DecodeResult, RawRun, WatermarkKind } from './types.js';
import { findUnframed, type UnframedStretch } from './unframed.js';
import { strictUtf8Text } from './utf8.js';

/** Raw runs listed in a result, and bytes shown of each: enough to tell what they are, bounded on any text. */
export const MAX_RAW_RUNS_LISTED = 100;
export const RAW_RUN_BYTES_SHOWN = 64;

/**
 * Reads every watermark hidden in `text` (docs/FORMAT.md, "Decoding"): framed VS watermarks and robust ones, each
 * verified, never a secret that was not embedded. Unframed selector runs are listed (`raw_runs`), read as text only
 * with `rawRuns`. C2PA text manifests are not watermarks: they are reported beside them (`c2pa`), and on every
 * failure too (CodecError.c2pa).
 */
export function decode(text: string, options: DecodeOptions = {}): DecodeResult {
  checkText(text);
  const key = checkKey(options.key);
  const rawRuns = checkFlag(options.rawRuns, 'rawRuns');
  const acceptUnkeyed = checkFlag(options.acceptUnkeyed, 'acceptUnkeyed');
  const keyring = keyringOf(checkVerifyingKeys(options.keys));
  const wrappers: C2paWrapper[] = [];
  const payload = payloadBytes(text, (wrapper) => wrappers.push(wrapper));
  const c2pa = wrappers.length > 0 ? c2paReport(text, wrappers) : undefined;
  let listed: RawRun[] | undefined;
  try {
    if (payload.length === 0) throw noWatermark(c2pa);
    const reading = new Reading(text, key, keyring, acceptUnkeyed);
    const { frames, starts } = findFrames(payload);
    const ends = frames.map((frame) => frame.end);
    const framed = frames.reduce((sum, frame, k) => sum + frame.end - starts[k], 0);
    // the usual text: its frames hold every payload byte, and nothing else needs to be looked at
    if (framed === payload.length) frames.forEach((frame, k) => reading.open('vs', frame, k));
    else {
      const unframed = findUnframed(text, starts, ends);
      frames.forEach((frame, k) => reading.open('vs', frame, unframed.frameOffsets[k]));
      if (unframed.robustMarks) reading.robust();
      if (unframed.raw.length > 0) {
        listed = listRawRuns(text, payload, unframed.raw);
        if (rawRuns) unframed.raw.forEach((stretch) => reading.raw(payload, stretch));
        else reading.fail(rawOnly(unframed.raw.length));
        if (unframed.raw.length > MAX_RAW_RUNS_LISTED) {
          reading.warn(`${unframed.raw.length - MAX_RAW_RUNS_LISTED} more raw runs found but not listed`);
        }
      }
    }
    return reading.result(listed, c2pa);
  } catch (error) {
    if (error instanceof CodecError) {
      if (c2pa) error.c2pa = c2pa;
      if (listed) error.rawRuns = listed;
    }
    throw error;
  }
}

/** NO_WATERMARK, saying so when the text carries a C2PA manifest instead (the one decode-robust throws too). */
export function noWatermark(c2pa: C2paReport | undefined): CodecError {
  if (!c2pa) return new CodecError('NO_WATERMARK', 'No watermark found in text');
  const error = new CodecError('NO_WATERMARK', `No wm watermark found in text, only a ${describeC2pa(c2pa)}`);
  error.c2pa = c2pa;
  return error;
}

/** CORRUPTED for a text whose only payload is unframed: no integrity check holds, so no secret is read from it. */
const rawOnly = (runs: number): CodecError =>
  corrupted(
    `: ${runs === 1 ? 'a run' : `${runs} runs`} of selectors that ${runs === 1 ? 'is' : 'are'} no wm watermark ` +
      "(another tool's data, or what is left of a damaged watermark)",
  );

/** The watermarks of one text as they are opened, with what could not be opened and what the caller must know. */
class Reading {
  private readonly verified: { offset: number; watermark: DecodedWatermark }[] = [];
  private readonly raws: DecodedWatermark[] = [];
  private readonly failures: CodecError[] = [];
  private readonly warnings: string[] = [];
  private readonly digestOfText: () => Uint8Array;
  private unkeyed = 0;

  constructor(
    private readonly text: string,
    private readonly key: Uint8Array | undefined,
    private readonly keyring: Keyring,
    private readonly acceptUnkeyed: boolean,
  ) {
    this.digestOfText = textDigestMemo(text);
  }

  /** A verified frame; `offset` (UTF-16) orders it among the others. */
  open(kind: Exclude<WatermarkKind, 'raw'>, frame: Frame, offset: number): void {
    const watermark = this.attempt(() => {
      const decoded = secretOf(frame, this.key);
      return { kind, decoded, keyed: frame.keyed, signature: reportSignature(frame, this.keyring, this.digestOfText) };
    });
    if (watermark) this.verified.push({ offset, watermark });
  }

  /** The robust watermarks of the text (its marks are among the payload). */
  robust(): void {
    const search = findRobustWatermarks(this.text);
    for (const found of search.frames) this.open('robust', found.frame, found.start);
    if (search.frames.length === 0 && search.synced) this.fail(noVerifiedCopy());
  }

  /** An unframed stretch read as UTF-8 text, when it can be another tool's secret (rawRuns only). */
  raw(payload: Uint8Array, stretch: UnframedStretch): void {
    const watermark = this.attempt(() => {
      const decoded = rawText(payload.subarray(stretch.byteStart, stretch.byteEnd), stretch.afterMarker);
      if (decoded === null) throw corrupted();
      return { kind: 'raw', decoded, keyed: false, signature: UNSIGNED };
    });
    if (watermark) this.raws.push(watermark);
  }

  fail(error: CodecError): void {
    this.failures.push(error);
  }

  warn(warning: string): void {
    this.warnings.push(warning);
  }

  /** The watermark `read` gives, when it is one to answer with; else null, and the failure noted. */
  private attempt(read: () => DecodedWatermark): DecodedWatermark | null {
    try {
      const watermark = read();
      refuseUnkeyed(watermark.keyed, this.key, this.acceptUnkeyed);
      return watermark;
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      if (error.code === 'UNKEYED') this.unkeyed++;
      this.failures.push(error);
      return null;
    }
  }

  result(rawRuns: RawRun[] | undefined, c2pa: C2paReport | undefined): DecodeResult {
    this.verified.sort((a, b) => a.offset - b.offset);
    const watermarks = [...this.verified.map(({ watermark }) => watermark), ...this.raws];
    if (watermarks.length === 0) {
      // payload selectors, but none verified, none a robust watermark's in sync, none raw: stray marks
      throw this.failures.length > 0 ? mostInformative(this.failures) : corrupted(': no watermark verifies');
    }
    if (this.raws.length > 0) {
      this.warnings.unshift(
        'raw runs read as text: they carry no integrity check (another tool’s secret, or a fragment of a damaged ' +
          'watermark, reads the same way)',
      );
    }
    if (this.unkeyed > 0) this.warnings.unshift(unkeyedLeftOut(this.unkeyed));
    const accepted = this.key ? watermarks.filter((watermark) => !watermark.keyed).length : 0;
    if (accepted > 0) this.warnings.unshift(unkeyedAccepted(accepted, watermarks.length));
    const [{ decoded, keyed, signature }] = watermarks;
    return {
      decoded,
      keyed,
      signature,
      stats: { decodedLength: decoded.length },
      watermarks,
      ...(rawRuns ? { raw_runs: rawRuns } : {}),
      ...(this.warnings.length > 0 ? { warnings: this.warnings } : {}),
      ...(c2pa ? { c2pa } : {}),
    };
  }
}

// C0 controls other than TAB, LF, CR, and DEL: no secret of another tool holds them, while a frame's flags byte
// (0x00-0x07) is one, so even with rawRuns a frame that lost its magic byte is not read as text.
const UNLIKELY_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * An unframed stretch as another selector tool's secret: valid UTF-8 without unlikely controls, and not right after
 * a U+FEFF (no tool hangs a secret on an invisible character: that is what is left of a damaged C2PA wrapper).
 */
function rawText(bytes: Uint8Array, afterMarker: boolean): string | null {
  if (afterMarker) return null;
  let text: string;
  try {
    text = strictUtf8Text(bytes);
  } catch {
    return null;
  }
  return UNLIKELY_IN_TEXT.test(text) ? null : text;
}

const hexPairs = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');

/** The first MAX_RAW_RUNS_LISTED stretches as a result lists them: offset in code points, length, first bytes. */
function listRawRuns(text: string, payload: Uint8Array, stretches: UnframedStretch[]): RawRun[] {
  const shown = stretches.slice(0, MAX_RAW_RUNS_LISTED);
  const codePointsTo = codePointCounter(
    text,
    shown.map((stretch) => stretch.start),
  );
  return shown.map(({ start, byteStart, byteEnd }) => ({
    offset: codePointsTo.get(start)!,
    length: byteEnd - byteStart,
    bytes: hexPairs(payload.subarray(byteStart, Math.min(byteEnd, byteStart + RAW_RUN_BYTES_SHOWN))),
  }));
}
