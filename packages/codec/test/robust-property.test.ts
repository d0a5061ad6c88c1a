import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { strip } from 'wm-watermark-codec/strip';

const KEY = new Uint8Array(32).fill(42);
const secret = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const carrier = fc.string({ unit: 'grapheme', minLength: 0, maxLength: 80 });
const options = fc.record({
  distribution: fc.constantFrom('even' as const, 'random' as const, 'clustered' as const),
  stealthLevel: fc.constantFrom('standard' as const, 'high' as const, 'maximum' as const),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  keyed: fc.boolean(),
});

/** Prose appended so most generated carriers are long enough; short ones must fail with CARRIER_TOO_SHORT only. */
const PADDING = ' The quick brown fox jumps over the lazy dog and then some more words follow here.';

describe('properties', () => {
  test('decodeRobust(encodeRobust(t, s)).decoded === s, and strip gives t back', () => {
    fc.assert(
      fc.property(carrier, secret, options, fc.nat(3), (text, s, { keyed, ...rest }, repeats) => {
        const t = text + PADDING.repeat(repeats);
        const key = keyed ? KEY : undefined;
        let encoded: string;
        try {
          encoded = encodeRobust(t, s, { ...rest, key }).watermarked;
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError);
          expect((error as CodecError).code).toBe('CARRIER_TOO_SHORT');
          return;
        }
        expect(decodeRobust(encoded, { key }).decoded).toBe(s);
        expect(strip(encoded)).toBe(t);
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });
});
