import { describe, test } from 'vitest';
import { neverInventSecrets, neverThrowOthers } from '../reliability/codec-fuzz.js';

describe('codec fuzzing (large runs)', () => {
  test('decode, decodeRobust, analyze, strip and reveal throw nothing but CodecError on arbitrary strings', () => {
    neverThrowOthers(20_000);
  }, 600_000);

  test('a mutated watermark yields the original secret or a CodecError, never another secret', () => {
    neverInventSecrets(5_000);
  }, 600_000);
});
