import { randomBytes } from 'node:crypto';
import { strip } from 'wm-watermark-codec/strip';
import { keyedVariants, VARIANT_KEY_BYTES, variantKey } from 'wm-watermark-codec/variants';
import type { DomainContext } from '../context.js';
import { codePoints, type CopiesOwner } from './documents.js';
import { refuseBeyondPlan } from './issue.js';
import { newCopyId } from './marking.js';
import type { IssueCopiesInput, PreviewCopiesResult } from './types.js';
import { checkIssueInput } from './validation.js';
import { capacityOf, differencesOf, planCopyVariants, refusalOf } from './variants.js';

/**
 * The dry run of an issue with visible variants: every site the issue would vary and, for each recipient, one draw
 * of the differences, with the capacity and, when the sites are too few, the refusal the issue would give. It
 * records nothing and makes no key of the account's: the draw is under a key that nothing keeps, so the issue draws
 * each copy's choices anew (the sites are the same).
 */
export function previewCopies(
  context: DomainContext,
  owner: CopiesOwner,
  input: IssueCopiesInput,
): PreviewCopiesResult {
  const { text, recipients, name, variants } = checkIssueInput(input);
  const characters = codePoints(strip(text));
  refuseBeyondPlan(context, owner, recipients.length, characters);
  const plan = planCopyVariants(text, recipients.length, variants ?? {});
  const refusal = refusalOf(plan);
  const copies = keyedVariants(plan, variantKey(randomBytes(VARIANT_KEY_BYTES))).copies(
    recipients.map(() => newCopyId()),
  );
  return {
    document: { name, characters },
    variants: { ...capacityOf(plan), enough: refusal === null, refusal },
    sites: plan.sites.map((site) => ({
      class: site.classId,
      start: site.start,
      end: site.end,
      text: text.slice(site.start, site.end),
      forms: [site.forms[0], site.forms[1]],
      per_copy: site.perCopy,
    })),
    copies: copies.map((copy, i) => ({ recipient: recipients[i], differences: differencesOf(copy) })),
  };
}
