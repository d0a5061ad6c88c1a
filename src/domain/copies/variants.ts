import { randomBytes } from 'node:crypto';
import { assertVariantCapacity, type VariantPlan } from 'wm-watermark-codec/variants';
import { CodecError } from 'wm-watermark-codec/errors';
import type { DocumentVariantsRow } from '../../store/index.js';
import { invalid } from '../errors.js';
import { VARIANT_SALT_BYTES, documentVariantKey, type CopiesKeys } from './account-keys.js';
import { inBatches } from './batches.js';
import type { RunJob } from '../work/runner.js';
import type { VariantsCapacity } from './types.js';

/**
 * Visible variants at issue (docs/TRACING.md, "Visible variants"): the codec finds the sites and draws each copy's
 * choices from the document's key and the copy id, in jobs (variant-jobs.ts); the domain keeps the record (no text,
 * no copy's choices) and the salt of the key.
 */

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

/**
 * The marked copies for `copyIds`, each its variant text with the marks on top (a job), and what the document keeps:
 * drawn under a new salt of its own.
 */
export async function issueVariantCopies(job: RunJob, plan: VariantPlan, keys: CopiesKeys, copyIds: string[]) {
  const salt = randomBytes(VARIANT_SALT_BYTES);
  const variantKey = documentVariantKey(keys, salt);
  // the record is the document's, the same in every batch; each copy is drawn from its own id
  const batches = await inBatches(copyIds, plan.text.length, (ids) =>
    job('mark-variant-copies', { plan, variantKey, copyIds: ids, marksKey: keys.marks }),
  );
  const record = batches[0].record;
  return {
    copies: batches.flatMap((batch) => batch.copies),
    row: (documentId: number): DocumentVariantsRow => ({
      documentId,
      salt,
      record,
      classes: JSON.stringify(plan.classes),
      sites: plan.capacity.sites,
      positions: plan.capacity.positions,
    }),
  };
}
