import { findRobustWatermarks, noVerifiedCopy, type RobustFrame, type RobustSearch } from './watermarks.js';
import type { C2paWrapper } from '../c2pa.js';
import { c2paReport } from '../c2pa-report.js';
import { CodecError } from '../errors.js';
import { openFrame } from '../frame.js';
import { checkKey, checkText, checkVerifyingKeys } from '../options.js';
import { countCodePoints } from '../scan.js';
import { keyringOf, reportSignature, textDigestMemo, UNSIGNED, type Keyring } from '../signature-report.js';
import type { DecodeOptions, DecodeRobustResult, RobustWatermark } from '../types.js';

const utf8 = new TextDecoder();

/**
 * Recovers every robust watermark of the text (docs/ROBUST.md), in text order, each with its span; the spec's
 * fields describe the first. No robust marks: is_encoded false and an empty secret (not an error). Marks that yield
 * no verified frame: CORRUPTED. Keyed frames: KEY_REQUIRED / KEY_MISMATCH via openFrame, reported only when no
 * watermark opens (as decode does). The selectors of a C2PA text manifest are no marks: it is reported as `c2pa`
 * (CodecError.c2pa on failures).
 */
export function decodeRobust(text: string, options: DecodeOptions = {}): DecodeRobustResult {
  checkText(text);
  const key = checkKey(options.key);
  const keyring = keyringOf(checkVerifyingKeys(options.keys));
  const wrappers: C2paWrapper[] = [];
  const c2paOf = () => (wrappers.length > 0 ? c2paReport(text, wrappers) : undefined);
  try {
    const search = findRobustWatermarks(text, (wrapper) => wrappers.push(wrapper));
    const c2pa = c2paOf();
    const beside = c2pa ? { c2pa } : {};
    if (search.frames.length === 0) {
      if (search.synced) throw noVerifiedCopy();
      return { ...notEncoded(search.markCount), ...beside };
    }
    return { ...result(search, openWatermarks(text, search.frames, key, keyring)), ...beside };
  } catch (error) {
    const c2pa = c2paOf();
    if (c2pa && error instanceof CodecError) error.c2pa = c2pa;
    throw error;
  }
}

/** The watermarks that open with the key, with their spans in code points; the most telling failure when none does. */
function openWatermarks(
  text: string,
  frames: RobustFrame[],
  key: Uint8Array | undefined,
  keyring: Keyring,
): { watermark: RobustWatermark; found: RobustFrame }[] {
  const digestOfText = textDigestMemo(text);
  const opened: { watermark: RobustWatermark; found: RobustFrame }[] = [];
  const failures: CodecError[] = [];
  const codePointsTo = codePointCounter(
    text,
    frames.flatMap((found) => [found.start, found.end]),
  );
  for (const found of frames) {
    const start = codePointsTo.get(found.start)!;
    const end = codePointsTo.get(found.end)!;
    try {
      const decoded = utf8.decode(openFrame(found.frame, key));
      opened.push({
        found,
        watermark: {
          decoded,
          keyed: found.frame.keyed,
          signature: reportSignature(found.frame, keyring, digestOfText),
          start,
          end,
          bits_recovered: found.bitsRecovered,
          copies_found: found.copiesFound,
          copies_agreeing: found.copiesAgreeing,
        },
      });
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      failures.push(error);
    }
  }
  if (opened.length > 0) return opened;
  throw failures.reduce((best, next) =>
    (FAILURE_RANK[next.code] ?? 0) > (FAILURE_RANK[best.code] ?? 0) ? next : best,
  );
}

/** Code points before each of the UTF-16 offsets, counted once along the text (spans may overlap). */
function codePointCounter(text: string, offsets: number[]): Map<number, number> {
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

const FAILURE_RANK = { KEY_MISMATCH: 3, KEY_REQUIRED: 2, CORRUPTED: 1 } as Record<string, number>;

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

function result(search: RobustSearch, opened: { watermark: RobustWatermark }[]): DecodeRobustResult {
  const [{ watermark: first }] = opened;
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
    watermarks: opened.map(({ watermark }) => watermark),
  };
}
