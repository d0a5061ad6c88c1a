import { ALPHABET_INDEX_OF_BYTE, PLAIN } from '../src/robust/alphabet.js';
import { carrierEnds } from '../src/robust/carrier-slots.js';
import { layoutCopy } from '../src/robust/layout.js';
import { crc32 } from 'wm-watermark-codec/crc32';
import { buildFrame, parseFrameAt } from '../src/frame.js';
import { seededRandom } from '../src/robust/prng.js';
import type { StealthLevel } from 'wm-watermark-codec/types';

export { seededRandom };

const PROSE =
  'The quick brown fox jumps over the lazy dog, naïve café (bistro) owners in Zürich say; ' +
  'pack my box with five dozen liquor jugs! Ünïcödé straße — señor Øresund Ångström. ';

/** Marks per copy for a secret (the frame rounded up to whole blocks). */
export function copyLength(secret: string, key?: Uint8Array): number {
  return layoutCopy(buildFrame(new TextEncoder().encode(secret), key)).length;
}

/** Prose holding exactly `copies` copies: its carrier count is copies × copy length, no slack at all. */
export function proseForCopies(
  secret: string,
  copies: number,
  stealthLevel: StealthLevel = 'standard',
  key?: Uint8Array,
): string {
  const needed = copies * copyLength(secret, key);
  let text = PROSE;
  while (carrierEnds(text, stealthLevel).length < needed) text += PROSE;
  return text.slice(0, carrierEnds(text, stealthLevel)[needed - 1]);
}

/** Code points, so damage never splits a surrogate pair. */
export const codePoints = (text: string): string[] => Array.from(text);

export function deleteRange(text: string, start: number, length: number): string {
  const points = codePoints(text);
  return points
    .slice(0, start)
    .concat(points.slice(start + length))
    .join('');
}

export function deleteAtRandom(text: string, share: number, random: () => number): string {
  return codePoints(text)
    .filter(() => random() >= share)
    .join('');
}

/** Any of VS17–VS256, inserted after random code points. */
export function insertForeignSelectors(text: string, share: number, random: () => number): string {
  return codePoints(text)
    .map((point) => (random() < share ? point + String.fromCodePoint(0xe0100 + Math.floor(random() * 240)) : point))
    .join('');
}

/** Every VS17–VS256 in the text, by UTF-16 offset. */
export function supplementarySelectorOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (let i = text.indexOf('\uDB40'); i >= 0; i = text.indexOf('\uDB40', i + 1)) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdd00 && low <= 0xddef) offsets.push(i);
  }
  return offsets;
}

/**
 * An undamaged watermark (stealth standard) whose frame, in every copy, is replaced by `tamper` of it with a
 * valid CRC again: what the GCM tag alone must catch. Mark k of the text carries frame bit k mod copy length.
 */
export function rewriteFrame(watermarked: string, markCount: number, tamper: (frame: Uint8Array) => void): string {
  const offsets = supplementarySelectorOffsets(watermarked);
  const packedAt = (offset: number): number =>
    PLAIN.markOfIndex[ALPHABET_INDEX_OF_BYTE[watermarked.charCodeAt(offset + 1) - 0xdd00 + 16]];
  const frame = new Uint8Array(Math.ceil(markCount / 8));
  for (let p = 0; p < markCount; p++) frame[p >> 3] |= (packedAt(offsets[p]) & 1) << (7 - (p & 7));
  const end = parseFrameAt(frame, 0)!.end;
  tamper(frame.subarray(0, end - 4));
  new DataView(frame.buffer).setUint32(end - 4, crc32(frame, 0, end - 4));
  let rewritten = '';
  let copied = 0;
  offsets.forEach((offset, k) => {
    const p = k % markCount;
    const bit = p < end * 8 ? (frame[p >> 3] >> (7 - (p & 7))) & 1 : packedAt(offset) & 1;
    rewritten += watermarked.slice(copied, offset) + PLAIN.selectorOf[(packedAt(offset) & ~1) | bit];
    copied = offset + 2;
  });
  return rewritten + watermarked.slice(copied);
}
