import { randomBytes } from 'node:crypto';
import {
  assertVariantCapacity,
  encodeVariantRecord,
  keyedVariants,
  planVariants,
  type VariantCopy,
  type VariantPlan,
} from 'wm-watermark-codec/variants';
import { CodecError } from 'wm-watermark-codec/errors';
import type { DocumentVariantsRow } from '../../store/index.js';
import { invalid } from '../errors.js';
import { VARIANT_SALT_BYTES, documentVariantKey, type CopiesKeys } from './account-keys.js';
import type { VariantDifference, VariantsCapacity, VariantsRequest } from './types.js';

/**
 * Visible variants at issue (docs/TRACING.md, "Visible variants"): the codec finds the sites and draws each copy's
 * choices from the document's key and the copy id; the domain keeps the record (no text, no copy's choices) and the
 * salt of the key.
 */

/** Where the copies of `text` may differ, for an issue to `recipients` at the collusion level asked for. */
export const planCopyVariants = (text: string, recipients: number, request: VariantsRequest): VariantPlan =>
  planVariants(text, { recipients, collusion: request.collusion, classes: request.classes });

export function capacityOf(plan: VariantPlan): VariantsCapacity {
  const c = plan.capacity;
  return {
    classes: [...plan.classes],
    sites: c.sites,
    positions: c.positions,
    words: c.words,
    sites_per_thousand_words: c.sitesPerThousandWords,
    collusion: c.collusion,
    false_accusation: c.falseAccusation,
    needed_for_one_leaker: c.requiredForOneLeaker,
    needed: c.requiredPositions,
  };
}

/** Why an issue with these variants would be refused, with the numbers; null when the sites suffice. */
export function refusalOf(plan: VariantPlan): string | null {
  try {
    assertVariantCapacity(plan);
    return null;
  } catch (error) {
    if (error instanceof CodecError) return error.message;
    throw error;
  }
}

/** Refuses an issue whose text has too few sites for its recipients and collusion level, with the numbers. */
export function requireEnoughSites(plan: VariantPlan): void {
  const refusal = refusalOf(plan);
  if (refusal === null) return;
  const c = plan.capacity;
  throw invalid(
    { variants: `${c.positions} independent choices in ${c.sites} sites; about ${c.requiredPositions} needed` },
    refusal,
  );
}

export const differencesOf = (copy: VariantCopy): VariantDifference[] =>
  copy.differences.map(({ site, classId, start, end, from, to }) => ({ site, class: classId, start, end, from, to }));

/** The copies' variant texts for `copyIds`, and what the document keeps: drawn under a new salt of its own. */
export function issueVariants(plan: VariantPlan, keys: CopiesKeys, copyIds: readonly string[]) {
  const salt = randomBytes(VARIANT_SALT_BYTES);
  const issue = keyedVariants(plan, documentVariantKey(keys, salt));
  return {
    copies: issue.copies(copyIds),
    row: (documentId: number): DocumentVariantsRow => ({
      documentId,
      salt,
      record: encodeVariantRecord(issue.record),
      classes: JSON.stringify(plan.classes),
      sites: plan.capacity.sites,
      positions: plan.capacity.positions,
    }),
  };
}
