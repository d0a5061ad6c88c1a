import { randomBytes } from 'node:crypto';
import { strip } from 'wm-watermark-codec/strip';
import { VARIANT_KEY_BYTES } from 'wm-watermark-codec/variants';
import type { DomainContext } from '../context.js';
import type { RunJob } from '../work/runner.js';
import type { AccountOwner } from '../account-owner.js';
import { codePoints } from './documents.js';
import { refuseBeyondPlan } from './issue.js';
import { newCopyId } from './marking.js';
import type { IssueCopiesInput, PreviewCopiesResult } from './types.js';
import { checkIssueInput } from './validation.js';
import { capacityOf, refusalOf } from './variants.js';

/**
 * The dry run of an issue with visible variants: every site the issue would vary and, for each recipient, one draw
 * of the differences, with the capacity and, when the sites are too few, the refusal the issue would give. It
 * records nothing and makes no key of the account's: the draw is under a key that nothing keeps, so the issue draws
 * each copy's choices anew (the sites are the same). The planning and the draw are jobs (`job`: the request's).
 */
export async function previewCopies(
  context: DomainContext,
  owner: AccountOwner,
  input: IssueCopiesInput,
  job: RunJob = context.work.forRequest(),
): Promise<PreviewCopiesResult> {
  const { text, recipients, name, variants } = checkIssueInput(input);
  const characters = codePoints(strip(text));
  refuseBeyondPlan(context, owner, recipients.length, characters);
  const plan = await job('plan-variants', { text, recipients: recipients.length, request: variants ?? {} });
  const refusal = refusalOf(plan);
  const differences = await job('draw-variants', {
    plan,
    variantKey: randomBytes(VARIANT_KEY_BYTES),
    copyIds: recipients.map(() => newCopyId()),
  });
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
    copies: differences.map((found, i) => ({ recipient: recipients[i], differences: found })),
  };
}
