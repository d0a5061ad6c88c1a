import { seededRandom } from '../../../packages/codec/src/robust/prng.js';
import type { Strategy } from '../../../packages/codec/test/variants/leaks.js';
import type { VariantDifference } from '../../../src/domain/copies/types.js';

/**
 * Colluding recipients of variant copies, as the domain issued them (never-wrong-variants.test.ts): their visible
 * texts mixed at the sites where they differ, read off each copy's `differences` from the issuer's text, as the
 * recipients would find them by comparing their copies. Nothing here reads a codeword or a key.
 */

interface Site {
  start: number;
  end: number;
  from: string;
  to: string;
}

const sentenceEnds = (text: string): number[] => [
  ...[...text.matchAll(/[.!?]["”’)]*\s+/g)].map((match) => match.index + match[0].length),
  text.length,
];

/**
 * The text `text`'s copies with these differences make together. Where they agree they have no choice; where they
 * differ: the form most of them have, the rarest, one of theirs at random, the copy whose turn the paragraph is,
 * or the whole sentence cut out.
 */
export function mixCopies(
  text: string,
  copies: readonly (readonly VariantDifference[])[],
  strategy: Strategy,
  seed: number,
): string {
  const random = seededRandom(seed);
  const sites = new Map<number, Site>();
  for (const differences of copies) for (const d of differences) sites.set(d.site, d);
  const changed = copies.map((differences) => new Set(differences.map((d) => d.site)));
  const ends = sentenceEnds(text);
  const cut = new Set<number>();
  const edits = [...sites.entries()]
    .sort(([, a], [, b]) => a.start - b.start)
    .map(([index, site]) => {
      const votes = changed.map((set) => set.has(index));
      const ones = votes.filter(Boolean).length;
      let changes = votes[0];
      if (ones !== 0 && ones !== votes.length) {
        const zeros = votes.length - ones;
        if (strategy === 'majority' || strategy === 'minority')
          changes = ones === zeros ? random() < 0.5 : ones > zeros === (strategy === 'majority');
        else if (strategy === 'random') changes = votes[Math.floor(random() * votes.length)];
        else if (strategy === 'interleave')
          changes = votes[(text.slice(0, site.start).match(/\n\s*\n/g) ?? []).length % votes.length];
        else cut.add(ends.findIndex((end) => end > site.start));
      }
      return { ...site, changes };
    });
  const kept = (start: number) => !cut.has(ends.findIndex((end) => end > start));
  let mixed = '';
  let at = 0;
  let sentenceStart = 0;
  ends.forEach((end) => {
    const inside = edits.filter((edit) => edit.start >= sentenceStart && edit.start < end);
    if (kept(sentenceStart)) {
      for (const edit of inside) {
        mixed += text.slice(at, edit.start) + (edit.changes ? edit.to : edit.from);
        at = edit.end;
      }
      mixed += text.slice(at, end);
    }
    at = Math.max(at, end);
    sentenceStart = end;
  });
  return mixed;
}
