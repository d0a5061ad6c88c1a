import { describe, expect, test } from 'vitest';
import {
  codePoints,
  deleteAtRandom,
  deleteRange,
  insertForeignSelectors,
  proseForCopies,
  seededRandom,
  supplementarySelectorOffsets,
} from './robust-fixtures.js';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import type { Distribution, StealthLevel } from 'wm-watermark-codec/types';

const KEY = new Uint8Array(32).map((_, i) => 255 - i);
const TRIALS = 200;

interface Setup {
  secret: string;
  distribution: Distribution;
  stealthLevel: StealthLevel;
  key?: Uint8Array;
}

/** Carriers with exactly four copies: the least the damage guarantees apply to, no slack to hide behind. */
const SETUPS: Setup[] = [
  { secret: 'id-7', distribution: 'even', stealthLevel: 'standard' },
  { secret: 'user-42@example.com', distribution: 'random', stealthLevel: 'high' },
  { secret: 'Ünïcödé ✓ secret', distribution: 'clustered', stealthLevel: 'maximum' },
  { secret: 'channel secret', distribution: 'even', stealthLevel: 'high', key: KEY },
];

/** 'exact', 'wrong', or the code of the error thrown */
type Outcome = string;

function outcomeOf(text: string, setup: Setup): Outcome {
  try {
    const result = decodeRobust(text, { key: setup.key });
    if (!result.is_encoded) return 'no watermark';
    return result.decoded === setup.secret ? 'exact' : 'wrong';
  } catch (error) {
    if (error instanceof CodecError) return error.code;
    throw error;
  }
}

function tally(outcomes: Outcome[]): { exact: number; wrong: number } {
  return {
    exact: outcomes.filter((o) => o === 'exact').length / outcomes.length,
    wrong: outcomes.filter((o) => o === 'wrong').length,
  };
}

const label = (s: Setup): string =>
  `${s.secret.length}-char secret, ${s.distribution}, ${s.stealthLevel}${s.key ? ', keyed' : ''}`;

describe.each(SETUPS)('damage, 4 copies: $secret', (setup) => {
  const carrier = proseForCopies(setup.secret, 4, setup.stealthLevel, setup.key);
  const { watermarked } = encodeRobust(carrier, setup.secret, { ...setup, seed: 11 });
  const length = codePoints(watermarked).length;

  test(`${label(setup)}: deleting any contiguous half`, () => {
    const half = Math.ceil(length / 2);
    // offsets spread over every position the half can start at, so every phase against the copies is covered
    const outcomes = Array.from({ length: TRIALS }, (_, k) =>
      outcomeOf(deleteRange(watermarked, Math.round((k * (length - half)) / (TRIALS - 1)), half), setup),
    );
    const { exact, wrong } = tally(outcomes);
    expect(wrong).toBe(0);
    expect(exact).toBeGreaterThanOrEqual(0.99);
  });

  test(`${label(setup)}: deleting 5 % of the characters at random`, () => {
    const random = seededRandom(1234);
    const outcomes = Array.from({ length: TRIALS }, () => outcomeOf(deleteAtRandom(watermarked, 0.05, random), setup));
    const { exact, wrong } = tally(outcomes);
    expect(wrong).toBe(0);
    expect(exact).toBeGreaterThanOrEqual(0.99);
  });

  test(`${label(setup)}: foreign selectors inserted after 2 % of the characters`, () => {
    const random = seededRandom(99);
    const outcomes = Array.from({ length: TRIALS }, () =>
      outcomeOf(insertForeignSelectors(watermarked, 0.02, random), setup),
    );
    const { exact, wrong } = tally(outcomes);
    expect(wrong).toBe(0);
    expect(exact).toBeGreaterThanOrEqual(0.99);
  });
});

describe('a damaged copy is never returned as the secret', () => {
  const replaceMarks = (text: string, count: number, random: () => number): string => {
    const offsets = supplementarySelectorOffsets(text);
    let damaged = text;
    for (let k = 0; k < count; k++) {
      const offset = offsets[Math.floor(random() * offsets.length)];
      const replacement = String.fromCodePoint(0xe0100 + Math.floor(random() * 240));
      damaged = damaged.slice(0, offset) + replacement + damaged.slice(offset + 2);
    }
    return damaged;
  };

  test('one copy: any flipped mark gives the exact secret or CORRUPTED', () => {
    const setup: Setup = { secret: 'id-7', distribution: 'even', stealthLevel: 'standard' };
    // one carrier position (the "a"; digits and word ends carry none): one copy, all its marks after it
    const { watermarked } = encodeRobust(`ab${' 2024'.repeat(8)}`, setup.secret);
    const random = seededRandom(5);
    const outcomes = Array.from({ length: 400 }, (_, k) =>
      outcomeOf(replaceMarks(watermarked, 1 + (k % 3), random), setup),
    );
    expect(outcomes.filter((o) => o === 'wrong')).toEqual([]);
    expect(new Set(outcomes)).toEqual(new Set(['exact', 'CORRUPTED']));
  });

  test('two copies, many flips: never a different secret', () => {
    for (const key of [undefined, KEY]) {
      const setup: Setup = { secret: 'id-7', distribution: 'clustered', stealthLevel: 'high', key };
      const { watermarked } = encodeRobust(proseForCopies(setup.secret, 2, 'high', key), setup.secret, setup);
      const random = seededRandom(8);
      const outcomes = Array.from({ length: 300 }, (_, k) =>
        outcomeOf(replaceMarks(watermarked, 1 + (k % 20), random), setup),
      );
      expect(outcomes.filter((o) => o === 'wrong')).toEqual([]);
      expect(outcomes).toContain('exact');
    }
  });

  test('marks cut down to a fragment never decode to a different secret', () => {
    const setup: Setup = { secret: 'user-42@example.com', distribution: 'even', stealthLevel: 'standard' };
    const { watermarked } = encodeRobust(proseForCopies(setup.secret, 4), setup.secret);
    const points = codePoints(watermarked);
    const random = seededRandom(21);
    for (let trial = 0; trial < 200; trial++) {
      const size = Math.floor(random() * points.length * 0.4);
      const start = Math.floor(random() * (points.length - size));
      const fragment = points.slice(start, start + size).join('');
      expect(['exact', 'CORRUPTED', 'no watermark']).toContain(outcomeOf(fragment, setup));
    }
  });
});
