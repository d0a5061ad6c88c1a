import type { VariantDifference, VariantIssue } from './issue.js';
import type { VariantCapacity, VariantPlan } from './plan.js';

/** What the issuer sees before anything is sent: every site, and each copy's differences (plain data, for JSON). */
export interface VariantPreview {
  readonly capacity: VariantCapacity;
  readonly sites: readonly {
    readonly classId: string;
    readonly start: number;
    readonly end: number;
    /** the issuer's text at the site (empty where one form is nothing) */
    readonly text: string;
    readonly forms: readonly [string, string];
    readonly perCopy: boolean;
  }[];
  readonly copies: readonly { readonly copyId: string; readonly differences: readonly VariantDifference[] }[];
}

/**
 * The preview of an issue: the same sites and differences the issue will write, for the ids and key it will use
 * (a CLI dry run, the Copies page's preview and the API's answer are this object).
 */
export function previewVariants(plan: VariantPlan, issue: VariantIssue, copyIds: readonly string[]): VariantPreview {
  return {
    capacity: plan.capacity,
    sites: plan.sites.map(({ classId, start, end, forms, perCopy }) => ({
      classId,
      start,
      end,
      text: plan.text.slice(start, end),
      forms,
      perCopy,
    })),
    copies: issue.copies(copyIds).map(({ copyId, differences }) => ({ copyId, differences })),
  };
}
