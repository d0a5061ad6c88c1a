import { biasDistribution, biasesOf } from './biases.js';
import { choices, positionUniforms, siteIds, unitIds, type VariantKey } from './keys.js';
import type { VariantPlan, VariantSite } from './plan.js';
import { textHash } from './stream.js';
import type { VariantRecord } from './record.js';

/** One place where a copy differs from the issuer's text. */
export interface VariantDifference {
  /** the site's index in the plan */
  readonly site: number;
  readonly classId: string;
  /** the span in the issuer's text */
  readonly start: number;
  readonly end: number;
  readonly from: string;
  readonly to: string;
}

export interface VariantCopy {
  readonly copyId: string;
  readonly text: string;
  readonly differences: readonly VariantDifference[];
}

export interface VariantIssue {
  /** what the document stores: no text, no choice of any copy (docs/TRACING.md, "Visible variants") */
  readonly record: VariantRecord;
  /** each copy's text and differences, in the order of `copyIds` */
  copies(copyIds: readonly string[]): VariantCopy[];
}

const sortedUnique = (values: Int32Array) => Int32Array.from(new Set(values)).sort();

/** The unit id's input: the class and the unit's name, hashed (the key makes the id). */
export const unitDigest = (classId: string, unit: string) => textHash(`${classId}\u0000${unit}`);

/**
 * The keyed side of an issue: each site's position (its own keyed id, or its unit's for a per-copy unit), the
 * positions' biases, and then each copy's choices from its id. Everything is a function of the key, the plan and
 * the copy ids, so a dry run and the issue that follows give the same copies for the same ids and key.
 */
export function keyedVariants(plan: VariantPlan, key: VariantKey): VariantIssue {
  const ids = siteIds(
    key,
    plan.sites.map((site) => site.hash),
  );
  const units = unitIds(
    key,
    plan.sites.map((site) => unitDigest(site.classId, site.unit)),
  );
  const positionOf = Int32Array.from(plan.sites, (site, i) => (site.perCopy ? units[i] : ids[i]));
  const positions = sortedUnique(positionOf);
  const biases = biasesOf(biasDistribution(plan.collusion), positionUniforms(key, positions));
  const indexOf = new Map(Array.from(positions, (position, i) => [position, i]));
  const record: VariantRecord = {
    language: plan.language,
    version: plan.version,
    collusion: plan.collusion,
    sites: sortedUnique(ids),
    units: sortedUnique(Int32Array.from(plan.sites.flatMap((site, i) => (site.perCopy ? [units[i]] : [])))),
  };

  return {
    record,
    copies(copyIds) {
      const chosen = choices(key, copyIds, positions, biases);
      return copyIds.map((copyId, c) => {
        const formOf = (i: number) => chosen[c * positions.length + indexOf.get(positionOf[i])!] as 0 | 1;
        return copyOf(plan, copyId, formOf);
      });
    },
  };
}

function copyOf(plan: VariantPlan, copyId: string, formOf: (site: number) => 0 | 1): VariantCopy {
  const differences: VariantDifference[] = [];
  plan.sites.forEach((site: VariantSite, i) => {
    const form = formOf(i);
    if (form === site.form) return;
    const { classId, start, end } = site;
    differences.push({ site: i, classId, start, end, from: site.forms[site.form], to: site.forms[form] });
  });
  let text = '';
  let at = 0;
  for (const difference of differences) {
    text += plan.text.slice(at, difference.start) + difference.to;
    at = difference.end;
  }
  return { copyId, text: text + plan.text.slice(at), differences };
}
