import { PLAIN, WHITENED, type MarkAlphabet } from './alphabet.js';
import { voteFrame, type Consensus } from './consensus.js';
import { locateMarks, syncScore, type LocatedMarks } from './locate.js';
import { readMarks } from './read-marks.js';
import type { C2paWrapper } from '../c2pa.js';
import { c2paReport } from '../c2pa-report.js';
import type { WrapperVisitor } from '../scan.js';
import { CodecError } from '../errors.js';
import { openFrame } from '../frame.js';
import { checkKey, checkText, checkVerifyingKeys } from '../options.js';
import { keyringOf, reportSignature, textDigestMemo, UNSIGNED, type SignatureReport } from '../signature-report.js';
import type { DecodeOptions, DecodeRobustResult } from '../types.js';

const utf8 = new TextDecoder();

/**
 * Recovers a robust watermark. No robust marks: is_encoded false and an empty secret (not an error). Marks that
 * do not yield a verified frame: CORRUPTED. Keyed frames: KEY_REQUIRED / KEY_MISMATCH via openFrame. The selectors
 * of a C2PA text manifest are no marks: it is reported as `c2pa` (CodecError.c2pa on failures).
 */
export function decodeRobust(text: string, options: DecodeOptions = {}): DecodeRobustResult {
  checkText(text);
  const key = checkKey(options.key);
  const keys = checkVerifyingKeys(options.keys);
  const wrappers: C2paWrapper[] = [];
  const c2paOf = () => (wrappers.length > 0 ? c2paReport(text, wrappers) : undefined);
  try {
    const found = findRobustFrame(text, (wrapper) => wrappers.push(wrapper));
    const c2pa = c2paOf();
    const beside = c2pa ? { c2pa } : {};
    if (!found.located) return { ...notEncoded(found.markCount), ...beside };
    const { located, consensus } = found;
    const secret = openFrame(consensus.frame, key);
    const signature = reportSignature(consensus.frame, keyringOf(keys), textDigestMemo(text));
    return { ...result(located, consensus, secret, signature), ...beside };
  } catch (error) {
    const c2pa = c2paOf();
    if (c2pa && error instanceof CodecError) error.c2pa = c2pa;
    throw error;
  }
}

export type RobustFrameSearch = { located: LocatedMarks; consensus: Consensus } | { located: null; markCount: number };

/**
 * The verified frame of the robust marks in `text`, not yet opened; located null when the text holds no robust
 * marks. Marks that yield no verified frame: CORRUPTED. C2PA text manifests met on the way go to `visitWrapper`.
 */
export function findRobustFrame(text: string, visitWrapper?: WrapperVisitor): RobustFrameSearch {
  const indexes = readMarks(text, visitWrapper);
  const alphabets = robustAlphabetsFor(indexes);
  if (alphabets.length === 0) return { located: null, markCount: indexes.length };
  for (const alphabet of alphabets) {
    const located = locateMarks(indexes, alphabet);
    const consensus = located && voteFrame(located);
    if (located && consensus) return { located, consensus };
  }
  throw new CodecError(
    'CORRUPTED',
    'Watermark data corrupted (integrity check fails): robust marks found, but no copy verifies',
  );
}

/**
 * Stealth levels are told apart by the marks themselves: under the right alphabet consecutive marks carry
 * consecutive fine tags. Anything scoring like noise (selectors of another tool or of the VS codec) is no
 * robust watermark at all.
 */
function robustAlphabetsFor(indexes: Uint8Array): MarkAlphabet[] {
  const scored = [PLAIN, WHITENED].map((alphabet) => ({ alphabet, ...syncScore(indexes, alphabet) }));
  return scored
    .filter(({ synced, pairs }) => synced >= 3 && synced * 4 >= pairs)
    .sort((a, b) => b.synced - a.synced)
    .map(({ alphabet }) => alphabet);
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
  };
}

function result(
  marks: LocatedMarks,
  consensus: Consensus,
  secret: Uint8Array,
  signature: SignatureReport,
): DecodeRobustResult {
  const decoded = utf8.decode(secret);
  let setBits = 0;
  for (let i = 0; i < marks.count; i++) setBits += marks.bit[i];
  return {
    decoded,
    keyed: consensus.frame.keyed,
    signature,
    is_encoded: true,
    bits_recovered: consensus.bitsRecovered,
    confidence: marks.count === 0 ? 0 : setBits / marks.count,
    stats: {
      extracted_bit_count: marks.count,
      reconstructed_char_count: [...decoded].length,
      copies_found: marks.copies,
      copies_agreeing: agreeingCopies(marks, consensus.bytes),
    },
  };
}

/** Copies (whole or partial) in which every placed mark inside the frame matches the verified frame. */
function agreeingCopies(marks: LocatedMarks, frame: Uint8Array): number {
  const disagrees = new Uint8Array(marks.copies);
  const frameBits = frame.length * 8;
  for (let i = 0; i < marks.count; i++) {
    const p = marks.position[i];
    if (p < 0 || p >= frameBits) continue;
    if (((frame[p >> 3] >> (7 - (p & 7))) & 1) !== marks.bit[i]) disagrees[marks.copy[i]] = 1;
  }
  return disagrees.reduce((agreeing, flag) => agreeing + (flag ^ 1), 0);
}
