import type { C2paWrapper } from './c2pa.js';
import { c2paReport, describeC2pa, type C2paReport } from './c2pa-report.js';
import { CodecError } from './errors.js';
import { findFrames, openFrame } from './frame.js';
import { checkKey, checkText, checkVerifyingKeys } from './options.js';
import { forEachSelectorRun, payloadBytes } from './scan.js';
import { keyringOf, reportSignature, textDigestMemo, UNSIGNED, type Keyring } from './signature-report.js';
import type { DecodeOptions, DecodeResult, FoundWatermark } from './types.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads every watermark hidden in `text` (docs/FORMAT.md, "Decoding"). C2PA text manifests are not watermarks: they
 * are reported beside them (`c2pa`), and on every failure too (CodecError.c2pa).
 */
export function decode(text: string, options: DecodeOptions = {}): DecodeResult {
  checkText(text);
  const key = checkKey(options.key);
  const keyring = keyringOf(checkVerifyingKeys(options.keys));
  const wrappers: C2paWrapper[] = [];
  const payload = payloadBytes(text, (wrapper) => wrappers.push(wrapper));
  const c2pa = wrappers.length > 0 ? c2paReport(text, wrappers) : undefined;
  try {
    if (payload.length === 0) throw noWatermark(c2pa);
    const watermarks = openFrames(payload, key, keyring, text) ?? [readRawRun(payload, hangsOnOneCharacter(text))];
    const [first] = watermarks;
    const { decoded, keyed, signature } = first;
    const stats = { decodedLength: decoded.length };
    return { decoded, keyed, signature, stats, watermarks, ...(c2pa ? { c2pa } : {}) };
  } catch (error) {
    if (c2pa && error instanceof CodecError) error.c2pa = c2pa;
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

/** The watermarks in the framed payload; null when it holds no frame at all. */
function openFrames(
  payload: Uint8Array,
  key: Uint8Array | undefined,
  keyring: Keyring,
  text: string,
): FoundWatermark[] | null {
  const { frames } = findFrames(payload);
  if (frames.length === 0) return null;
  const found: FoundWatermark[] = [];
  const failures: CodecError[] = [];
  const digestOfText = textDigestMemo(text);
  for (const frame of frames) {
    try {
      const decoded = textOf(openFrame(frame, key));
      found.push({ decoded, keyed: frame.keyed, signature: reportSignature(frame, keyring, digestOfText) });
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      failures.push(error);
    }
  }
  if (found.length > 0) return found;
  throw mostInformative(failures);
}

const FAILURE_RANK = { KEY_MISMATCH: 3, KEY_REQUIRED: 2, CORRUPTED: 1 } as Record<string, number>;

function mostInformative(failures: CodecError[]): CodecError {
  return failures.reduce((best, next) =>
    (FAILURE_RANK[next.code] ?? 0) > (FAILURE_RANK[best.code] ?? 0) ? next : best,
  );
}

function textOf(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw corrupted();
  }
}

// C0 controls other than TAB, LF, CR, and DEL. A frame's flags byte (0x00 or 0x01) is one, so a frame that lost or
// changed its magic byte can never be read as some other raw secret.
const UNLIKELY_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Whether the payload is one selector run hung on a character, as other selector tools write a secret. Not when it
 * follows a U+FEFF: no tool hangs a secret on an invisible character, and a run there that is no C2PA wrapper is
 * what is left of a damaged one (its first byte lost, say), which must not pass for a secret either.
 */
function hangsOnOneCharacter(text: string): boolean {
  let runs = 0;
  let afterMarker = false;
  forEachSelectorRun(text, (run) => {
    if (run.end === run.payloadStart) return;
    runs += 1;
    afterMarker ||= text.charCodeAt(run.start - 1) === 0xfeff;
  });
  return runs === 1 && !afterMarker;
}

/**
 * An unframed run from another selector tool: the secret is its bytes as UTF-8 text. Such tools hang the whole
 * secret on one character; unframed bytes spread over several runs are what is left of one of our frames that
 * lost its start (a quote from the middle of a text), and reading them would invent a secret.
 */
function readRawRun(payload: Uint8Array, onOneCharacter: boolean): FoundWatermark {
  if (!onOneCharacter) throw corrupted();
  let decoded: string;
  try {
    decoded = strictUtf8.decode(payload);
  } catch {
    throw corrupted();
  }
  if (UNLIKELY_IN_TEXT.test(decoded)) throw corrupted();
  return { decoded, keyed: false, signature: UNSIGNED };
}

const corrupted = (): CodecError => new CodecError('CORRUPTED', 'Watermark data corrupted (integrity check fails)');
