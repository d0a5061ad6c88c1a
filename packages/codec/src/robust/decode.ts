import { findRobustWatermarks, noVerifiedCopy, type RobustFrame, type RobustSearch } from './watermarks.js';
import type { C2paWrapper } from '../c2pa.js';
import { c2paReport } from '../c2pa-report.js';
import { CodecError } from '../errors.js';
import { mostInformative, refuseUnkeyed, secretOf, unkeyedAccepted, unkeyedLeftOut } from '../open-marks.js';
import { checkFlag, checkKey, checkText, checkVerifyingKeys } from '../options.js';
import { findFrames } from '../frame.js';
import { codePointCounter, payloadBytes } from '../scan.js';
import { keyringOf, reportSignature, textDigestMemo, UNSIGNED, type Keyring } from '../signature-report.js';
import type { DecodeRobustOptions, DecodeRobustResult, RobustWatermark } from '../types.js';

/**
 * Recovers every robust watermark of the text (docs/ROBUST.md), in text order, each with its span; the spec's
 * fields describe the first. No robust marks: is_encoded false and an empty secret (not an error). Marks that yield
 * no verified frame: CORRUPTED. Keyed frames: KEY_REQUIRED / KEY_MISMATCH via openFrame, reported only when no
 * watermark opens (as decode does); with a key, unkeyed ones are left out unless acceptUnkeyed (UNKEYED when nothing
 * else opens). The selectors of a C2PA text manifest are no marks: it is reported as `c2pa` (CodecError.c2pa on
 * failures).
 */
export function decodeRobust(text: string, options: DecodeRobustOptions = {}): DecodeRobustResult {
  checkText(text);
  const key = checkKey(options.key);
  const acceptUnkeyed = checkFlag(options.acceptUnkeyed, 'acceptUnkeyed');
  const keyring = keyringOf(checkVerifyingKeys(options.keys));
  const wrappers: C2paWrapper[] = [];
  const c2paOf = () => (wrappers.length > 0 ? c2paReport(text, wrappers) : undefined);
  try {
    const search = findRobustWatermarks(text, (wrapper) => wrappers.push(wrapper));
    const c2pa = c2paOf();
    const beside = c2pa ? { c2pa } : {};
    if (search.frames.length === 0) {
      if (search.synced) throw noVerifiedCopy();
      return { ...notEncoded(search.markCount), ...selectorMarksNote(text), ...beside };
    }
    const opened = openWatermarks(text, search.frames, key, keyring, acceptUnkeyed);
    const accepted = key ? opened.watermarks.filter((watermark) => !watermark.keyed).length : 0;
    const notes = [
      ...(accepted > 0 ? [unkeyedAccepted(accepted, opened.watermarks.length)] : []),
      ...(opened.unkeyed > 0 ? [unkeyedLeftOut(opened.unkeyed)] : []),
    ];
    const warnings = notes.length > 0 ? { warnings: notes } : {};
    return { ...result(search, opened.watermarks), ...warnings, ...beside };
  } catch (error) {
    const c2pa = c2paOf();
    if (c2pa && error instanceof CodecError) error.c2pa = c2pa;
    throw error;
  }
}

/**
 * The watermarks that open with the key, with their spans in code points, and how many unkeyed ones were left out;
 * the most telling failure when none opens.
 */
function openWatermarks(
  text: string,
  frames: RobustFrame[],
  key: Uint8Array | undefined,
  keyring: Keyring,
  acceptUnkeyed: boolean,
): { watermarks: RobustWatermark[]; unkeyed: number } {
  const digestOfText = textDigestMemo(text);
  const opened: RobustWatermark[] = [];
  const failures: CodecError[] = [];
  let unkeyed = 0;
  const codePointsTo = codePointCounter(
    text,
    frames.flatMap((found) => [found.start, found.end]),
  );
  for (const found of frames) {
    const start = codePointsTo.get(found.start)!;
    const end = codePointsTo.get(found.end)!;
    try {
      const decoded = secretOf(found.frame, key);
      refuseUnkeyed(found.frame.keyed, key, acceptUnkeyed);
      opened.push({
        decoded,
        keyed: found.frame.keyed,
        signature: reportSignature(found.frame, keyring, digestOfText),
        start,
        end,
        bits_recovered: found.bitsRecovered,
        copies_found: found.copiesFound,
        copies_agreeing: found.copiesAgreeing,
      });
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      if (error.code === 'UNKEYED') unkeyed++;
      failures.push(error);
    }
  }
  if (opened.length > 0) return { watermarks: opened, unkeyed };
  throw mostInformative(failures);
}

/** A text with no robust mark may carry selector marks, which the other decode reads: "nothing found" would mislead. */
function selectorMarksNote(text: string): { warnings?: string[] } {
  const count = findFrames(payloadBytes(text)).frames.length;
  if (count === 0) return {};
  const marks = count === 1 ? 'a variation-selector watermark' : `${count} variation-selector watermarks`;
  return { warnings: [`no robust watermark, but the text carries ${marks}: decode reads it`] };
}

function notEncoded(markCount: number): DecodeRobustResult {
  return {
    decoded: '',
    keyed: false,
    signature: UNSIGNED,
    is_encoded: false,
    bits_recovered: 0,
    confidence: 0,
    stats: { extracted_bit_count: markCount, reconstructed_char_count: 0, copies_found: 0, copies_agreeing: 0 },
    watermarks: [],
  };
}

function result(search: RobustSearch, opened: RobustWatermark[]): DecodeRobustResult {
  const [first] = opened;
  return {
    decoded: first.decoded,
    keyed: first.keyed,
    signature: first.signature,
    is_encoded: true,
    bits_recovered: first.bits_recovered,
    confidence: search.markCount === 0 ? 0 : search.setBits / search.markCount,
    stats: {
      extracted_bit_count: search.markCount,
      reconstructed_char_count: [...first.decoded].length,
      copies_found: first.copies_found,
      copies_agreeing: first.copies_agreeing,
    },
    watermarks: opened,
  };
}
