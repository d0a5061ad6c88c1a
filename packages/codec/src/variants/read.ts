import { analyse } from './analyse.js';
import { biasDistribution, biasesOf } from './biases.js';
import { unitDigest } from './issue.js';
import { positionUniforms, siteIds, unitIds, type VariantKey } from './keys.js';
import { languageTable } from './languages/index.js';
import type { VariantRecord } from './record.js';
import type { ContextHash } from './stream.js';

/** One position of the code that a leak shows, with the form it shows there. */
export interface VariantObservation {
  readonly position: number;
  readonly bias: number;
  readonly form: 0 | 1;
  readonly classId: string;
  /** a per-copy unit (its sites all carry one choice) */
  readonly perCopy: boolean;
  /** the leak's sites that showed it */
  readonly sites: number;
}

export interface VariantReading {
  /** the collusion level of the document's code */
  readonly collusion: number;
  readonly observations: readonly VariantObservation[];
  readonly evidence: {
    readonly words: number;
    /** places of any class found in the leak */
    readonly candidates: number;
    /** of those, sites of this document (their keyed ids are stored) */
    readonly located: number;
    /** positions whose sites disagree (copies mixed within a unit, or a site read twice in two forms): not used */
    readonly conflicting: number;
    /**
     * classes whose sites all show one form where a copy would mix them (an editor, autocorrect or a normaliser
     * made them uniform): their positions are not used
     */
    readonly normalised: readonly { classId: string; positions: number; form: 0 | 1 }[];
  };
}

/** A class whose positions all show one form is taken as normalised when a copy would do so this rarely. */
export const NORMALISED_CLASS = { minimumPositions: 6, probability: 0.01 } as const;

const contains = (sorted: Int32Array, value: number) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] === value;
};

/**
 * Reads a leaked text against one document's record: finds every place of every class in it, keeps those whose
 * keyed id is one of the document's sites, and reads the form each shows. Needs only the record and the key,
 * never the document's text. Whatever is read here depends on the leak alone, never on any copy's choices, so
 * nothing here can make an innocent copy's score higher (score.ts).
 */
export function readVariants(leak: string, record: VariantRecord, key: VariantKey): VariantReading {
  const table = languageTable(record.language, record.version);
  const analysed = analyse(leak, table);
  const withContext = analysed.candidates.flatMap((candidate, i) => {
    const hash = analysed.hashes[i];
    return hash === undefined ? [] : [{ candidate, hash }];
  });
  const ids = siteIds(
    key,
    withContext.map((c): ContextHash => c.hash),
  );
  const located = withContext.flatMap((c, i) => (contains(record.sites, ids[i]) ? [{ ...c, id: ids[i] }] : []));
  const units = unitIds(
    key,
    located.map(({ candidate }) => unitDigest(candidate.classId, candidate.unit)),
  );

  const byPosition = new Map<number, { classId: string; perCopy: boolean; forms: Set<0 | 1>; sites: number }>();
  located.forEach(({ candidate, id }, i) => {
    const perCopy = contains(record.units, units[i]);
    const position = perCopy ? units[i] : id;
    const entry = byPosition.get(position) ?? { classId: candidate.classId, perCopy, forms: new Set(), sites: 0 };
    entry.forms.add(candidate.form);
    entry.sites++;
    byPosition.set(position, entry);
  });
  const positions = Int32Array.from(byPosition.keys());
  const biases = biasesOf(biasDistribution(record.collusion), positionUniforms(key, positions));
  let conflicting = 0;
  const observed: VariantObservation[] = [];
  Array.from(byPosition.values()).forEach(({ classId, perCopy, forms, sites }, i) => {
    if (forms.size > 1) conflicting++;
    else observed.push({ position: positions[i], bias: biases[i], form: [...forms][0], classId, perCopy, sites });
  });

  const normalised: { classId: string; positions: number; form: 0 | 1 }[] = [];
  const perClass = new Map<string, VariantObservation[]>();
  for (const o of observed) if (!o.perCopy) perClass.set(o.classId, [...(perClass.get(o.classId) ?? []), o]);
  for (const [classId, group] of perClass) {
    const form = group[0].form;
    if (group.length < NORMALISED_CLASS.minimumPositions || group.some((o) => o.form !== form)) continue;
    const chance = group.reduce((product, o) => product * (form === 1 ? o.bias : 1 - o.bias), 1);
    if (chance < NORMALISED_CLASS.probability) normalised.push({ classId, positions: group.length, form });
  }
  const ignored = new Set(normalised.map((n) => n.classId));
  return {
    collusion: record.collusion,
    observations: observed.filter((o) => o.perCopy || !ignored.has(o.classId)),
    evidence: {
      words: analysed.words,
      candidates: analysed.candidates.length,
      located: located.length,
      conflicting,
      normalised,
    },
  };
}
