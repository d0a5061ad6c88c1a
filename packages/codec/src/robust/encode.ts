import { WHITENED, PLAIN } from './alphabet.js';
import { carrierEnds } from './carrier-slots.js';
import { layoutCopy } from './layout.js';
import { planMarks } from './placement.js';
import { TextBuilder, type TextSink } from './text-builder.js';
import { c2paWarnings } from '../c2pa-order.js';
import { CodecError } from '../errors.js';
import { buildFrame } from '../frame.js';
import { afterLines } from '../methods/carrier-graphemes.js';
import { nodeCrypto } from '../node-crypto.js';
import {
  checkKey,
  checkPositions,
  checkSecret,
  checkSignOptions,
  checkSkipLines,
  checkText,
  encodeSignatureOf,
  frameSigningFor,
} from '../options.js';
import { TEXT_DIGEST_BYTES } from '../bound-text.js';
import { SIGNATURE_BYTES, SIGNER_ID_BYTES } from '../signing.js';
import { codePointBefore, countCodePoints } from '../scan.js';
import { isIdeographic } from '../unicode/lookup.js';
import { DISTRIBUTIONS, STEALTH_LEVELS, type EncodeRobustOptions, type EncodeRobustResult } from '../types.js';

/**
 * Hides `secret` one bit per mark, the frame repeated as often as the carrier allows, four times stacked on the
 * positions of a carrier too short for two (docs/ROBUST.md). The spec's size rule: the carrier needs at least 8
 * UTF-8 bytes per secret byte. With skipLines the carrier is the text after the Nth line feed: the lines before it
 * stay as they are. A C2PA text manifest stays as it is, with a warning (as encode's).
 */
export function encodeRobust(text: string, secret: string, options: EncodeRobustOptions = {}): EncodeRobustResult {
  const { sink, result } = encodeRobustInto(text, secret, options, (units) => new TextBuilder(units));
  return { watermarked: sink.toString(), ...result };
}

/**
 * encodeRobust() writing the watermarked text into a sink of the caller's (made for the text's length in UTF-16
 * units) rather than making it as a string: `wm serve`'s workers write its JSON's bytes, never the long string.
 */
export function encodeRobustInto<Sink extends TextSink>(
  text: string,
  secret: string,
  options: EncodeRobustOptions,
  sinkFor: (units: number) => Sink,
): { sink: Sink; result: Omit<EncodeRobustResult, 'watermarked'> } {
  checkText(text);
  const distribution = options.distribution ?? 'even';
  const stealthLevel = options.stealthLevel ?? 'standard';
  if (!DISTRIBUTIONS.includes(distribution))
    throw new CodecError('INVALID_INPUT', `Unknown distribution "${distribution}"`);
  if (!STEALTH_LEVELS.includes(stealthLevel))
    throw new CodecError('INVALID_INPUT', `Unknown stealth level "${stealthLevel}"`);
  const positions = checkPositions(options);
  if (positions === 'outside-words' && stealthLevel === 'maximum') {
    const error = new CodecError(
      'INVALID_INPUT',
      'wholeWords and stealth level maximum exclude each other: maximum marks letters only, wholeWords never a letter',
    );
    error.option = 'wholeWords';
    throw error;
  }
  const skipLines = checkSkipLines(options.skipLines);
  const secretBytes = checkSecret(secret);
  const key = checkKey(options.key);
  const signing = checkSignOptions(options);
  const warnings = c2paWarnings(text);
  const boundTextBytes = signing.bindText ? TEXT_DIGEST_BYTES : 0;
  const signatureBytes = signing.signingKey ? SIGNER_ID_BYTES + SIGNATURE_BYTES + boundTextBytes : 0;
  const requiredLength = 8 * (secretBytes.length + signatureBytes);
  const from = afterLines(text, skipLines);
  const afterSkipped = from > 0 ? ` after the first ${skipLines} lines` : '';
  if (utf8ByteLength(from > 0 ? text.slice(from) : text) < requiredLength) {
    const per =
      signatureBytes > 0 ? `8 per byte of the secret and its ${signatureBytes}-byte signature` : '8 per secret byte';
    throw new CodecError(
      'CARRIER_TOO_SHORT',
      'Text too short to embed watermark: the robust codec needs a carrier of at least ' +
        `${requiredLength} UTF-8 bytes${afterSkipped} (${per})`,
      requiredLength,
    );
  }
  const ends = carriersFrom(carrierEnds(text, stealthLevel, positions), from);
  if (ends.length === 0) {
    const which = stealthLevel === 'maximum' ? 'letter' : 'character';
    throw new CodecError(
      'CARRIER_TOO_SHORT',
      `Text too short to embed watermark: it has no ${which}${afterSkipped} that can carry an invisible mark ` +
        `(needs at least ${requiredLength} UTF-8 bytes of such text)`,
      requiredLength,
    );
  }

  const copy = layoutCopy(buildFrame(secretBytes, key, undefined, frameSigningFor(text, signing)));
  // the plan sees the marked part alone: a short carrier's first position takes no share of the skipped lines
  const { copies, counts } = planMarks(
    from > 0 ? ends.map((end) => end - from) : ends,
    text.length - from,
    copy.length,
    distribution,
    () => options.seed ?? nodeCrypto().randomInt(2 ** 32),
  );
  const markCount = copies * copy.length;
  const alphabet = stealthLevel === 'standard' ? PLAIN : WHITENED;

  // every robust mark is one VS17–VS256: two UTF-16 units
  const output = sinkFor(text.length + 2 * markCount);
  let written = 0;
  let mark = 0;
  for (let k = 0; k < ends.length; k++) {
    if (counts[k] === 0) continue;
    const end = ends[k];
    // after an ideograph the sixteen low marks take their VS129+ spelling (docs/ROBUST.md); the decoder reads both
    const selectors = afterIdeograph(text, end) ? alphabet.selectorAfterIdeographOf : alphabet.selectorOf;
    output.appendSlice(text, written, end);
    for (let n = 0; n < counts[k]; n++) output.append(selectors[copy.marks[mark++ % copy.length]]);
    written = end;
  }
  output.appendSlice(text, written, text.length);

  const visibleLength = countCodePoints(text);
  const result = {
    keyed: key !== undefined,
    ...encodeSignatureOf(signing),
    stats: {
      visibleLength,
      hiddenLength: markCount,
      watermarkBitCount: markCount,
      totalLength: visibleLength + markCount,
      distribution,
      stealthLevel,
    },
    ...warnings,
  };
  return { sink: output, result };
}

/** The carrier positions (ascending ends) after FROM: a carrier ending past a line feed starts after it. */
function carriersFrom(ends: Int32Array, from: number): Int32Array {
  if (from === 0) return ends;
  let first = 0;
  while (first < ends.length && ends[first] <= from) first++;
  return ends.subarray(first);
}

/** Whether the carrier ending at `end` ends in an ideograph: its mark must be VS129 or above (docs/FORMAT.md). */
function afterIdeograph(text: string, end: number): boolean {
  // below U+3006 nothing is ideographic: prose answers here
  return text.charCodeAt(end - 1) >= 0x3006 && isIdeographic(codePointBefore(text, end));
}

/** UTF-8 length without encoding (a lone surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it). */
function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
