import fc from 'fast-check';
import { strip } from 'wm-watermark-codec/strip';

/** What happens to an issued copy before it turns up somewhere (the never-a-wrong-recipient suite). */
export type Damage =
  | { kind: 'whole' }
  | { kind: 'crop'; start: number; length: number }
  | { kind: 'paragraph'; index: number }
  | { kind: 'sentences'; start: number; count: number }
  | { kind: 'deletions'; cuts: [number, number][] }
  | { kind: 'splice'; with: number; at: number }
  | { kind: 'shuffled paragraphs'; seed: number };

/** After the damage: every invisible character removed (a platform or a filter), or the text NFKC-normalised. */
export type Finish = 'none' | 'strip all' | 'NFKC';

export const damages: fc.Arbitrary<Damage> = fc.oneof(
  fc.constant({ kind: 'whole' as const }),
  fc.record({
    kind: fc.constant('crop' as const),
    start: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 100, max: 4000 }),
  }),
  fc.record({ kind: fc.constant('paragraph' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('sentences' as const), start: fc.nat(), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({
    kind: fc.constant('deletions' as const),
    cuts: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 120 })), {
      maxLength: 25,
    }),
  }),
  fc.record({
    kind: fc.constant('splice' as const),
    with: fc.nat(),
    at: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('shuffled paragraphs' as const), seed: fc.nat() }),
);

export const finishes: fc.Arbitrary<Finish> = fc.constantFrom('none', 'none', 'strip all', 'NFKC');

const codePoints = (text: string) => [...text];

/** The sentences of a text, each with what follows it up to the next one. */
const sentencesOf = (text: string): string[] => text.match(/[^.?!]+[.?!]+["”]?\s*/g) ?? [text];

/** The leaked text made from `copy` (and, for a splice, `other`); whether `other` contributed. */
export function leakOf(copy: string, other: string, damage: Damage): { text: string; usesOther: boolean } {
  const points = codePoints(copy);
  switch (damage.kind) {
    case 'whole':
      return { text: copy, usesOther: false };
    case 'crop': {
      const start = Math.floor(damage.start * points.length);
      return { text: points.slice(start, start + damage.length).join(''), usesOther: false };
    }
    case 'paragraph': {
      const paragraphs = copy.split('\n\n');
      return { text: paragraphs[damage.index % paragraphs.length], usesOther: false };
    }
    case 'sentences': {
      const sentences = sentencesOf(copy);
      const start = damage.start % sentences.length;
      return { text: sentences.slice(start, start + damage.count).join(''), usesOther: false };
    }
    case 'deletions': {
      const kept = [...points];
      for (const [at, length] of damage.cuts) kept.splice(Math.floor(at * kept.length), length);
      return { text: kept.join(''), usesOther: false };
    }
    case 'splice': {
      const at = Math.floor(damage.at * points.length);
      const others = codePoints(other);
      return { text: points.slice(0, at).join('') + others.slice(at).join(''), usesOther: at < others.length };
    }
    case 'shuffled paragraphs': {
      const paragraphs = copy.split('\n\n');
      const order = paragraphs
        .map((_, i) => [((i + 1) * (damage.seed + 7919)) % 104729, i])
        .sort((a, b) => a[0] - b[0]);
      return { text: order.map(([, i]) => paragraphs[i]).join('\n\n'), usesOther: false };
    }
  }
}

export function finished(text: string, finish: Finish): string {
  if (finish === 'strip all') return strip(text, { all: true });
  if (finish === 'NFKC') return text.normalize('NFKC');
  return text;
}

const HIDDEN = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/;

/**
 * A forger's move: the hidden characters of `marked`, each run moved onto the same place (by visible code point) of
 * `onto`, so that every mark it carries now sits in another text.
 */
export function transplant(marked: string, onto: string): string {
  const runs: string[] = [];
  for (const point of marked) {
    if (HIDDEN.test(point)) runs[Math.max(runs.length - 1, 0)] = (runs[Math.max(runs.length - 1, 0)] ?? '') + point;
    else runs.push('');
  }
  return [...onto].map((point, i) => point + (runs[i] ?? '')).join('');
}
