import { describe, expect, test } from 'vitest';
import { graphemes } from '../src/graphemes.js';
import { carrierEnds } from '../src/robust/carrier-slots.js';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import type { EncodeRobustOptions } from 'wm-watermark-codec/types';
import { loadCorpus, repeatedUpTo } from './corpus/load.js';

const SECRET = 'ID-2026-000042-X';
const KEY = new Uint8Array(32).map((_, i) => (i * 7 + 3) & 0xff);

/** The corpus paragraph repeated, a line break between, up to 1,000 characters. */
const paragraphOf = (name: string): string =>
  repeatedUpTo(loadCorpus().find((entry) => entry.name === name)!.text, 1000);

/** Every contiguous half of the text's grapheme clusters (a mark stays with its character), in `steps` steps. */
function halves(text: string, steps: number): string[] {
  const clusters = Array.from(graphemes(text), (grapheme) => grapheme.segment);
  const half = Math.ceil(clusters.length / 2);
  const stride = Math.max(1, Math.floor((clusters.length - half) / steps));
  const crops: string[] = [];
  for (let start = 0; start + half <= clusters.length; start += stride)
    crops.push(clusters.slice(start, start + half).join(''));
  return crops;
}

// Thai, Lao, Khmer and Myanmar carry only where a run of their letters ends (format revision 4): a few positions
// per line. Their robust marks stack there, four copies shared by the text each position stands for.
describe.each(['thai', 'lao', 'khmer', 'myanmar'])('%s: a paragraph of at most 1,000 characters', (name) => {
  const text = paragraphOf(name);

  test.each<EncodeRobustOptions>([
    {},
    { stealthLevel: 'maximum', distribution: 'random' },
    { stealthLevel: 'high', key: KEY },
  ])('survives losing any half (%o)', (options) => {
    expect([...text].length).toBeLessThanOrEqual(1000);
    expect(carrierEnds(text, options.stealthLevel ?? 'standard').length).toBeGreaterThan(1);
    const { watermarked } = encodeRobust(text, SECRET, { ...options, seed: 5 });
    const crops = halves(watermarked, 60);
    expect(crops.length).toBeGreaterThan(50);
    for (const crop of crops) expect(decodeRobust(crop, { key: options.key }).decoded).toBe(SECRET);
  });
});
