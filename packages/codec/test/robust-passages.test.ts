import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { codePoints, deleteAtRandom, proseForCopies, seededRandom } from './robust-fixtures.js';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { verify } from 'wm-watermark-codec/verify';
import type { DecodeRobustResult, EncodeRobustOptions } from 'wm-watermark-codec/types';

// Several robust-marked passages in one text, as documents assembled from several sources have them: every
// watermark is found, in order, each with the span of its own marks; nothing is ever invented.

const KEY = new Uint8Array(32).map((_, i) => i * 5 + 3);
const GAP = '\n\nA paragraph without any marks sits between the passages.\n\n';

interface Built {
  text: string;
  /** each passage's [start, end) in code points */
  bounds: [number, number][];
}

function join(parts: string[], separator = '\n'): Built {
  const bounds: [number, number][] = [];
  let at = 0;
  for (const part of parts) {
    const length = codePoints(part).length;
    bounds.push([at, at + length]);
    at += length + codePoints(separator).length;
  }
  return { text: parts.join(separator), bounds };
}

const passage = (secret: string, copies: number, options: EncodeRobustOptions = {}): string =>
  encodeRobust(proseForCopies(secret, copies, options.stealthLevel, options.key), secret, { seed: 7, ...options })
    .watermarked;

function expectWithin(result: DecodeRobustResult, secrets: string[], bounds: [number, number][]): void {
  expect(result.watermarks.map((found) => found.decoded)).toEqual(secrets);
  result.watermarks.forEach((found, k) => {
    expect(found.start, `start of ${secrets[k]}`).toBeGreaterThanOrEqual(bounds[k][0]);
    expect(found.end, `end of ${secrets[k]}`).toBeLessThanOrEqual(bounds[k][1]);
    // the span covers nearly all of its passage: its marks run from its first characters to its last
    expect(found.end - found.start).toBeGreaterThan(0.9 * (bounds[k][1] - bounds[k][0]));
  });
}

describe('several robust watermarks in one text', () => {
  test('two and three passages joined: every secret in order, each with its span; spec fields are the first', () => {
    const parts = [passage('alpha-1', 4), passage('beta-22', 4), passage('gamma-333', 4)];
    for (const count of [2, 3]) {
      const { text, bounds } = join(parts.slice(0, count));
      const result = decodeRobust(text);
      expectWithin(result, ['alpha-1', 'beta-22', 'gamma-333'].slice(0, count), bounds);
      expect(result).toMatchObject({
        decoded: 'alpha-1',
        is_encoded: true,
        bits_recovered: result.watermarks[0].bits_recovered,
        stats: { copies_found: 4, copies_agreeing: 4, reconstructed_char_count: 7 },
      });
      expect(result.watermarks.every((found) => found.copies_found === 4 && found.copies_agreeing === 4)).toBe(true);
    }
  });

  test('passages interleaved with unmarked paragraphs', () => {
    const { text, bounds } = join([passage('one', 4), passage('two', 5), passage('three', 4)], GAP);
    expectWithin(decodeRobust(text), ['one', 'two', 'three'], bounds);
  });

  test('stealth levels, distributions, keyed and unkeyed mixed in one text', () => {
    const options: EncodeRobustOptions[] = [
      { stealthLevel: 'standard', distribution: 'random' },
      { stealthLevel: 'high', key: KEY },
      { stealthLevel: 'maximum', distribution: 'clustered' },
      { stealthLevel: 'standard', key: KEY, distribution: 'clustered' },
    ];
    const secrets = ['plain one', 'keyed and whitened', 'letters only', 'keyed again'];
    const { text, bounds } = join(
      secrets.map((secret, k) => passage(secret, 4, options[k])),
      GAP,
    );
    const result = decodeRobust(text, { key: KEY, acceptUnkeyed: true });
    expectWithin(result, secrets, bounds);
    expect(result.watermarks.map((found) => found.keyed)).toEqual([false, true, false, true]);
    // a key means keyed: without acceptUnkeyed the unkeyed ones are left out, and the answer says so
    const keyedOnly = decodeRobust(text, { key: KEY });
    expect(keyedOnly.watermarks.map((found) => found.decoded)).toEqual(['keyed and whitened', 'keyed again']);
    expect(keyedOnly.warnings).toEqual([expect.stringMatching(/^2 unkeyed watermarks left out/)]);
    // without the key the keyed ones cannot be opened: the others are still read
    expect(decodeRobust(text).watermarks.map((found) => found.decoded)).toEqual(['plain one', 'letters only']);
  });

  test('only keyed watermarks and no key: KEY_REQUIRED, as with one', () => {
    const { text } = join([passage('k1', 4, { key: KEY }), passage('k2', 4, { key: KEY })]);
    expect(() => decodeRobust(text)).toThrow(expect.objectContaining({ code: 'KEY_REQUIRED' }));
    expect(decodeRobust(text, { key: KEY }).watermarks.map((found) => found.decoded)).toEqual(['k1', 'k2']);
  });

  test('the same unkeyed secret twice side by side is one watermark (nothing in the marks tells them apart)', () => {
    const { text, bounds } = join([passage('same', 4), passage('same', 4)]);
    const result = decodeRobust(text);
    expect(result.watermarks).toHaveLength(1);
    expect(result.watermarks[0]).toMatchObject({ decoded: 'same', copies_found: 8 });
    expect(result.watermarks[0].end).toBeGreaterThan(bounds[1][0]);
  });

  test('keyed, the same secret twice is two watermarks (each frame has its own nonce)', () => {
    const { text } = join([passage('same', 4, { key: KEY }), passage('same', 4, { key: KEY })]);
    expect(decodeRobust(text, { key: KEY }).watermarks.map((found) => found.decoded)).toEqual(['same', 'same']);
  });

  test('each passage cropped, or with 5 % of its characters deleted', () => {
    const random = seededRandom(31);
    const secrets = ['north', 'south-2', 'east-33'];
    for (let trial = 0; trial < 6; trial++) {
      const parts = secrets.map((secret, k) => {
        const points = codePoints(passage(secret, 4, { seed: trial * 10 + k }));
        if (trial % 2 === 1) return deleteAtRandom(points.join(''), 0.05, random);
        const half = Math.floor(points.length / 2);
        const start = Math.floor(random() * half);
        return points.slice(start, start + half).join('');
      });
      const { text } = join(parts, trial < 3 ? '\n' : GAP);
      expect(decodeRobust(text).watermarks.map((found) => found.decoded)).toEqual(secrets);
    }
  });

  test('verify reads every robust watermark', () => {
    const { text } = join([passage('first', 4), passage('second', 4)]);
    expect(verify(text).marks.map((mark) => [mark.mode, mark.decoded])).toEqual([
      ['robust', 'first'],
      ['robust', 'second'],
    ]);
  });
});

describe('fuzzing: pieces of watermarked passages, cut, joined and damaged, never give a secret not embedded', () => {
  const SECRETS = ['s-one', 'second secret', 'third, a little longer'];
  const sources = SECRETS.flatMap((secret, k) =>
    [undefined, KEY].map((key) =>
      passage(secret, 3, { key, stealthLevel: (['standard', 'high', 'maximum'] as const)[k], seed: k }),
    ),
  ).map(codePoints);

  const piece = fc.record({
    source: fc.nat({ max: sources.length - 1 }),
    from: fc.double({ min: 0, max: 1, noNaN: true }),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    deleted: fc.constantFrom(0, 0, 0.02, 0.05, 0.2),
    seed: fc.nat(),
  });

  test('every secret returned is one that was embedded', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.boolean(), (pieces, keyed) => {
        const text = pieces
          .map(({ source, from, share, deleted, seed }) => {
            const points = sources[source];
            const start = Math.floor(from * points.length * (1 - share));
            const cut = points.slice(start, start + Math.max(1, Math.floor(share * points.length))).join('');
            return deleteAtRandom(cut, deleted, seededRandom(seed));
          })
          .join(' ');
        let found: string[];
        try {
          found = decodeRobust(text, { key: keyed ? KEY : undefined }).watermarks.map((mark) => mark.decoded);
        } catch (error) {
          if (error instanceof CodecError) return;
          throw error;
        }
        for (const secret of found) expect(SECRETS).toContain(secret);
      }),
      { numRuns: 300, seed: 18 },
    );
  });
});
