import { graphemes } from '../../packages/codec/src/graphemes.js';
import { seededRandom } from '../../packages/codec/src/robust/prng.js';
import type { CorpusText } from '../../packages/codec/test/corpus/load.js';
import type { Mode } from '../../packages/codec/test/modes.js';

/**
 * Several watermarked passages in one text, as documents assembled from several sources have them: each passage is
 * another corpus text marked with its own secret, then the passages are joined (directly, or with an unmarked
 * paragraph between each two), each perhaps cropped or damaged first. A cell counts the passages whose secret the
 * decoder returns exactly (anywhere among the watermarks it finds), and every secret returned that was not
 * embedded: the decoder must never invent one.
 */

const PASSAGE_SECRETS = ['ID-42', 'acct 7781', 'other-99'];
const UNMARKED = '\n\nThis paragraph, written in between, carries no mark at all.\n\n';

interface Cell {
  name: string;
  passages: number;
  trials: number;
  /** what becomes of each watermarked passage before the join */
  damage: (passage: string, random: () => number) => string;
  separator: string;
}

const clusters = (text: string): string[] => Array.from(graphemes(text), (g) => g.segment);

function anyHalf(passage: string, random: () => number): string {
  const all = clusters(passage);
  const half = Math.floor(all.length / 2);
  const start = Math.floor(random() * (all.length - half + 1));
  return all.slice(start, start + half).join('');
}

const deleteShare = (share: number) => (passage: string, random: () => number) =>
  Array.from(passage)
    .filter(() => random() >= share)
    .join('');

export const PASSAGE_CELLS: Cell[] = [
  { name: '2 joined', passages: 2, trials: 1, damage: (p) => p, separator: '\n' },
  { name: '3 joined', passages: 3, trials: 1, damage: (p) => p, separator: '\n' },
  { name: '3, unmarked paragraphs between', passages: 3, trials: 1, damage: (p) => p, separator: UNMARKED },
  { name: '3 joined, each any ½', passages: 3, trials: 3, damage: anyHalf, separator: '\n' },
  { name: '3 joined, each 5 % deleted', passages: 3, trials: 3, damage: deleteShare(0.05), separator: '\n' },
  { name: '3, paragraphs between, each any ½', passages: 3, trials: 3, damage: anyHalf, separator: UNMARKED },
];

export interface PassageTally {
  recovered: number;
  passages: number;
  wrong: number;
}

/** The cells of one mode over every carrier. */
export function passageSurvival(mode: Mode, modeIndex: number, carriers: CorpusText[]): Map<string, PassageTally> {
  const tallies = new Map<string, PassageTally>();
  carriers.forEach((_, textIndex) => {
    const seed = 500_000 + modeIndex * 1000 + textIndex;
    const sources = PASSAGE_SECRETS.map((secret, k) => {
      const entry = carriers[(textIndex + k * 7) % carriers.length];
      return mode.encode(entry.text, secret, entry.pattern, seed + k);
    });
    PASSAGE_CELLS.forEach((cell, cellIndex) => {
      const tally = tallies.get(cell.name) ?? { recovered: 0, passages: 0, wrong: 0 };
      for (let trial = 0; trial < cell.trials; trial++) {
        const random = seededRandom(seed * 31 + cellIndex * 7 + trial);
        const text = sources
          .slice(0, cell.passages)
          .map((passage) => cell.damage(passage, random))
          .join(cell.separator);
        const found = mode.recover(text);
        const embedded = PASSAGE_SECRETS.slice(0, cell.passages);
        tally.passages += embedded.length;
        tally.recovered += embedded.filter((secret) => found.includes(secret)).length;
        tally.wrong += found.filter((secret) => !embedded.includes(secret)).length;
      }
      tallies.set(cell.name, tally);
    });
  });
  return tallies;
}
