/**
 * Visible variants (docs/TRACING.md, "Visible variants"): copies of a text that differ from each other at places
 * where two forms are both standard ("toward" / "towards", the serial comma), each copy's choices a codeword of a
 * collusion-resistant Tardos code, so that a leak names its leakers when every invisible character is gone.
 *
 * Issue: `planVariants` (the sites, the capacity; `assertVariantCapacity` refuses a text with too few), then
 * `keyedVariants(plan, variantKey(secret))`: its `record` is what a document stores, `copies(ids)` the copies.
 * Trace: `readVariants(leak, record, key)`, then `accuseVariants(reading, key, copyIds)`; `compareLayers` sets
 * its answer beside the keyed marks'.
 */
import { languageTable } from './languages/index.js';
import type { VariantClassSpec } from './table.js';

export { VARIANT_LANGUAGES } from './languages/index.js';
export { MAX_COLLUSION } from './biases.js';
export { VARIANT_KEY_BYTES, variantKey, type VariantKey } from './keys.js';
export {
  assertVariantCapacity,
  DEFAULT_FALSE_ACCUSATION,
  planVariants,
  type VariantCapacity,
  type VariantOptions,
  type VariantPlan,
  type VariantSite,
} from './plan.js';
export { keyedVariants, type VariantCopy, type VariantDifference, type VariantIssue } from './issue.js';
export { previewVariants, type VariantPreview } from './preview.js';
export { decodeVariantRecord, encodeVariantRecord, type VariantRecord } from './record.js';
export { NORMALISED_CLASS, readVariants, type VariantObservation, type VariantReading } from './read.js';
export {
  accuseVariants,
  VARIANT_VERDICTS,
  type AccusationOptions,
  type CopyScore,
  type VariantAccusation,
  type VariantVerdict,
} from './accuse.js';
export { compareLayers, LAYER_AGREEMENTS, type LayerAgreement, type LayerComparison } from './layers.js';
export type { Consistency } from './table.js';

/** A class as an issuer chooses it: what it changes, how a copy stays consistent, examples. */
export interface VariantClassInfo {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly consistency: VariantClassSpec['consistency'];
  readonly enabledByDefault: boolean;
  readonly examples: readonly (readonly [string, string])[];
}

/** The classes of a language's table, for a page or a command to list and turn on or off. */
export function variantClasses(language = 'en'): VariantClassInfo[] {
  return languageTable(language).classes.map(({ id, title, description, consistency, enabledByDefault, examples }) => ({
    id,
    title,
    description,
    consistency,
    enabledByDefault,
    examples,
  }));
}
