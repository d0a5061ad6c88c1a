import { carrierEnds } from '../../packages/codec/src/robust/carrier-slots.js';
import { layoutCopy } from '../../packages/codec/src/robust/layout.js';
import { buildFrame } from '../../packages/codec/src/frame.js';
import { loadCorpus, type CorpusText } from '../../packages/codec/test/corpus/load.js';
import { TEST_KEY } from '../../packages/codec/test/modes.js';
import type { StealthLevel } from 'wm-watermark-codec/types';

export const SECRETS = ['ID-42', 'acct 7781'];
export const OTHER_SECRET = 'other-99';
/** The robust codec's damage promises hold from four copies on (docs/ROBUST.md). */
export const MIN_COPIES = 4;

/** Marks in one robust copy of the longest secret's keyed frame: the largest copy any mode here needs. */
function largestCopy(): number {
  return Math.max(
    ...SECRETS.map((secret) => layoutCopy(buildFrame(new TextEncoder().encode(secret), TEST_KEY)).length),
  );
}

/** How long each carrier must be: marks per robust copy, at the stealth level whose carriers are counted. */
export interface CarrierNeed {
  copyMarks: number;
  stealthLevel: StealthLevel;
}

/**
 * The corpus texts, each repeated (line after line) until even robust keyed at `maximum` stealth holds
 * MIN_COPIES copies, so that every robust row is measured on a carrier of at least four copies. Scripts that carry
 * only where a run of their letters ends (Thai, Lao, Khmer, Myanmar: a few positions a line) take some hundreds of
 * repetitions; a text with no letter position at all could not take one and is left out.
 */
export function survivalCarriers(
  need: CarrierNeed = { copyMarks: largestCopy(), stealthLevel: 'maximum' },
): CorpusText[] {
  const needed = MIN_COPIES * need.copyMarks;
  return loadCorpus().flatMap((entry) => {
    const perRepetition = carrierEnds(`${entry.text}\n`, need.stealthLevel).length;
    if (perRepetition === 0) return [];
    const text = Array.from({ length: Math.ceil(needed / perRepetition) }, () => entry.text).join('\n');
    return [{ ...entry, text }];
  });
}
