import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import type { IssuedCopy } from '../../../src/domain/copies/types.js';
import { generatedProse } from '../../../packages/codec/test/variants/generated-prose.js';
import {
  AUTOCORRECTED,
  STRATEGIES,
  autocorrect,
  crop,
  retype,
  rewrap,
} from '../../../packages/codec/test/variants/leaks.js';
import { makeFixture, makeUser, type Fixture } from '../fixture.js';
import { transplant } from './leaks.js';
import { mixCopies } from './variant-leaks.js';

/**
 * Never a wrong recipient, with visible variants (docs/TRACING.md, "Visible variants"): copies issued with variants
 * leak alone or mixed by 2–4 colluding recipients (majority, minority, random, interleaved paragraphs, every
 * differing sentence cut), with every invisible character gone or one colluder's marks moved onto the mix, then
 * NFKC-normalised, re-wrapped, retyped, autocorrected or cropped; the issuer's own text leaks too, and another
 * account's copies. Every recipient named, by either layer, must be one whose copy is in the leak: the variants
 * name a copy only past the threshold of the stated false-accusation bound, whatever the leakers did.
 * `npm run test:copies` runs many more cases (WM_COPIES_RUNS).
 */

const RUNS = Math.ceil(Number(process.env.WM_COPIES_RUNS ?? 120) / 4);
const DOCUMENTS = 3;
const RECIPIENTS = 8;
const WORDS = 4000;

interface Issued extends IssuedCopy {
  documentId: string;
  original: string;
}

let f: Fixture;
let ours: { token: string; copies: Issued[] };
let theirs: { token: string; copies: Issued[] };

async function issuer(seeds: number[]) {
  const user = await makeUser(f.domain, { verified: true, plan: 'pro' });
  const { token } = await f.domain.apiTokens.create(user.id, { name: 'copies', permissions: ['encode', 'decode'] });
  const copies: Issued[] = [];
  for (const seed of seeds) {
    const original = generatedProse(seed, WORDS);
    const issued = await f.domain.accountOperations.forCaller(token)('issue_copies', {
      text: original,
      recipients: Array.from({ length: RECIPIENTS }, (_, i) => `reader-${seed}-${i}@example.com`),
      name: `document ${seed}`,
      variants: {},
    });
    copies.push(...issued.copies.map((copy) => ({ ...copy, documentId: issued.document.id, original })));
  }
  return { token, copies };
}

beforeAll(async () => {
  f = await makeFixture({ freeCredits: 1_000_000, creditCost: 0 });
  ours = await issuer(Array.from({ length: DOCUMENTS }, (_, i) => 300 + i));
  theirs = await issuer([990]);
}, 300_000);
afterAll(() => f.close());

const leaks = fc.record({
  source: fc.constantFrom('ours', 'ours', 'ours', 'ours', 'original', 'theirs'),
  copy: fc.nat(),
  colluders: fc.array(fc.nat(), { maxLength: 3 }),
  strategy: fc.constantFrom(...STRATEGIES),
  marks: fc.constantFrom('stripped', 'stripped', 'one colluder’s'),
  damage: fc.constantFrom('none', 'nfkc', 'rewrap', 'retype', 'autocorrect', 'crop'),
  words: fc.integer({ min: 150, max: WORDS }),
  seed: fc.nat(),
});

function damaged(text: string, damage: string, words: number, seed: number): string {
  if (damage === 'nfkc') return text.normalize('NFKC');
  if (damage === 'rewrap') return rewrap(text);
  if (damage === 'retype') return retype(text, seed);
  if (damage === 'autocorrect')
    return autocorrect(text, AUTOCORRECTED[seed % AUTOCORRECTED.length], seed % 2 === 0 ? 0 : 1);
  if (damage === 'crop') return crop(text, words, seed);
  return text;
}

describe('tracing copies with visible variants never names a wrong recipient', () => {
  it('a whole copy stripped of every mark names its recipient from its variants alone', async () => {
    for (const copy of ours.copies.filter((_, i) => i % 4 === 0)) {
      const traced = await f.domain.accountOperations.forCaller(ours.token)('trace', {
        text: strip(copy.text, { all: true }),
      });
      expect(traced.recipients.map((found) => [found.copy_id, found.named_by])).toEqual([[copy.copy_id, ['variants']]]);
    }
  });

  it('leaks of one copy or of 2–4 colluders, damaged: only recipients whose copies are in it', async () => {
    await fc.assert(
      fc.asyncProperty(leaks, async ({ source, copy: c, colluders: others, strategy, marks, damage, words, seed }) => {
        const pool = source === 'theirs' ? theirs.copies : ours.copies;
        const first = pool[c % pool.length];
        const sameDocument = pool.filter((copy) => copy.documentId === first.documentId);
        const coalition = [
          ...new Map(
            [first, ...others.map((o) => sameDocument[o % sameDocument.length])].map((copy) => [copy.copy_id, copy]),
          ).values(),
        ];
        const mixed =
          source === 'original'
            ? first.original
            : mixCopies(
                first.original,
                coalition.map((copy) => copy.variants!.differences),
                strategy,
                seed,
              );
        const visible = marks === 'stripped' || source === 'original' ? mixed : transplant(first.text, mixed);
        const text = damaged(visible, damage, words, seed);
        fc.pre(text.trim().length > 0);
        const traced = await f.domain.accountOperations.forCaller(ours.token)('trace', { text });

        const contributors = source === 'ours' ? coalition : [];
        const allowed = new Map(contributors.map((copy) => [copy.copy_id, copy.recipient]));
        const named = traced.recipients.map((found) => found.copy_id);
        expect(
          named.every((id) => allowed.has(id)),
          `named ${named.join(', ')}: ${traced.message}`,
        ).toBe(true);
        for (const found of traced.recipients) expect(found.recipient).toBe(allowed.get(found.copy_id));
        for (const variants of traced.variants) {
          for (const score of variants.named) expect(allowed.has(score.copy_id)).toBe(true);
          expect(variants.false_accusation).toBe(1e-6);
          if (variants.verdict !== 'named') expect(variants.named).toEqual([]);
        }
        if (traced.verdict !== 'recipient') expect(traced.recipients).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});
