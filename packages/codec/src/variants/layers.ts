import type { VariantAccusation } from './accuse.js';

/**
 * How the keyed marks and the visible variants of one trace bear on each other. Each layer keeps its own
 * evidence; where they disagree the answer says so and names what each found, never choosing one silently.
 */
export const LAYER_AGREEMENTS = ['agree', 'marks_only', 'variants_only', 'contradiction', 'neither'] as const;
export type LayerAgreement = (typeof LAYER_AGREEMENTS)[number];

export interface LayerComparison {
  readonly agreement: LayerAgreement;
  /** copies the marks name */
  readonly marks: readonly string[];
  /** copies the variants name */
  readonly variants: readonly string[];
  /** one sentence per disagreement */
  readonly contradictions: readonly string[];
}

/**
 * - `agree`: the variants name every copy the marks name (and maybe more: colluders whose marks were stripped);
 * - `contradiction`: the marks name a copy whose visible variants, read from enough positions to name it, do not
 *   pass; or the two name different copies. Both are real possibilities (copies mixed by colluders, or one copy's
 *   marks pasted into another's text) that a person must weigh;
 * - `marks_only` / `variants_only`: one layer named copies, the other could not tell (stripped, too few sites).
 */
export function compareLayers(marked: readonly string[], accusation: VariantAccusation | undefined): LayerComparison {
  const variants = accusation?.named.map((score) => score.copyId) ?? [];
  const contradictions: string[] = [];
  const decisive = accusation !== undefined && accusation.threshold !== null;
  for (const copyId of marked) {
    if (variants.includes(copyId) || !decisive) continue;
    const score = accusation.marked.find((s) => s.copyId === copyId);
    if (score === undefined) continue;
    contradictions.push(
      `The marks name copy ${copyId}, but its visible variants agree with the leak at ${score.agreed} of ` +
        `${accusation.positions} positions (score ${score.score}, threshold ${accusation.threshold}): the text is ` +
        'not that copy alone (copies mixed, or its marks carried into another text).',
    );
  }
  if (marked.length > 0 && variants.length > 0 && !variants.some((copyId) => marked.includes(copyId)))
    contradictions.push(`The marks name ${marked.join(', ')}; the variants name ${variants.join(', ')}.`);
  const agreement: LayerAgreement =
    contradictions.length > 0
      ? 'contradiction'
      : marked.length > 0 && variants.length > 0
        ? 'agree'
        : marked.length > 0
          ? 'marks_only'
          : variants.length > 0
            ? 'variants_only'
            : 'neither';
  return { agreement, marks: [...marked], variants, contradictions };
}
