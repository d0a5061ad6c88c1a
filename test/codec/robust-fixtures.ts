import { carrierEnds } from '../../src/codec/robust/carrier-slots.js';
import { layoutCopy } from '../../src/codec/robust/layout.js';
import { buildFrame } from '../../src/codec/frame.js';
import { seededRandom } from '../../src/codec/robust/prng.js';
import type { StealthLevel } from '../../src/codec/types.js';

export { seededRandom };

const PROSE =
  'The quick brown fox jumps over the lazy dog, naïve café owners in Zürich say; ' +
  'pack my box with five dozen liquor jugs! Ünïcödé straße — señor Øresund Ångström. ';

/** Marks per copy for a secret (the frame rounded up to whole blocks). */
export function copyLength(secret: string, key?: Uint8Array): number {
  return layoutCopy(buildFrame(new TextEncoder().encode(secret), key)).length;
}

/** Prose holding exactly `copies` copies: its carrier count is copies × copy length, no slack at all. */
export function proseForCopies(secret: string, copies: number, stealthLevel: StealthLevel = 'standard', key?: Uint8Array): string {
  const needed = copies * copyLength(secret, key);
  let text = PROSE;
  while (carrierEnds(text, stealthLevel).length < needed) text += PROSE;
  return text.slice(0, carrierEnds(text, stealthLevel)[needed - 1]);
}

/** Code points, so damage never splits a surrogate pair. */
export const codePoints = (text: string): string[] => Array.from(text);

export function deleteRange(text: string, start: number, length: number): string {
  const points = codePoints(text);
  return points.slice(0, start).concat(points.slice(start + length)).join('');
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
