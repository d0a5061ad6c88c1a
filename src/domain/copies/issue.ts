import { strip } from 'wm-watermark-codec/strip';
import type { CopyRow } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { ownCopiesKeys } from './account-keys.js';
import type { AccountOwner } from '../account-owner.js';
import { codePoints, documentInfo } from './documents.js';
import { inBatches } from './batches.js';
import { copyFileNames } from './file-names.js';
import type { RunJob } from '../work/runner.js';
import { newCopyId } from './marking.js';
import type { IssueCopiesInput, IssueCopiesResult } from './types.js';
import { checkIssueInput } from './validation.js';
import { capacityOf, issueVariantCopies, requireEnoughSites } from './variants.js';

/**
 * One marked copy per recipient, sealed with the account's copy-mark key and recorded with the document's keyed
 * fingerprint (never the text). With visible variants, each copy is first its variant text (its choices at the
 * document's sites), then marked: stripping the marks leaves the variants. Everything that can refuse the issue does
 * so before anything is recorded. The planning of the sites, the marking and the fingerprint are jobs (`job`: the
 * request's, ../work/).
 */
export async function issueCopies(
  context: DomainContext,
  owner: AccountOwner,
  input: IssueCopiesInput,
  job: RunJob = context.work.forRequest(),
): Promise<IssueCopiesResult> {
  const { text, recipients, name, variants } = checkIssueInput(input);
  const characters = codePoints(strip(text));
  refuseBeyondPlan(context, owner, recipients.length, characters);
  const plan = variants && (await job('plan-variants', { text, recipients: recipients.length, request: variants }));
  if (plan) requireEnoughSites(plan);
  const keys = await ownCopiesKeys(context, owner.userId);
  const fingerprint = await job('fingerprint', { text, key: keys.fingerprint });
  if (fingerprint.hashes.length === 0) {
    throw new DomainError(
      'VALIDATION',
      `Text too short to issue copies: ${fingerprint.words} words, and a trace needs its words to confirm a mark`,
      { details: { text: 'too short: a trace could never confirm its copies' } },
    );
  }
  const ids = recipients.map(() => newCopyId());
  const fileNames = copyFileNames(
    name,
    recipients.map((recipient, i) => ({ recipient, copy_id: ids[i] })),
  );
  const varied = plan && (await issueVariantCopies(job, plan, keys, ids));
  const marked =
    varied?.copies ??
    (await inBatches(ids, text.length, (copyIds) => job('mark-copies', { text, copyIds, key: keys.marks }))).flat();
  const issued = recipients.map((recipient, i) => ({ copyId: ids[i], recipient, ...marked[i] }));
  const createdAt = context.now().getTime();
  const document = await context.store.transaction(async (tx) => {
    const row = await tx.copies.insertDocument({
      ownerId: owner.userId,
      name,
      characters,
      fingerprintVersion: fingerprint.version,
      fingerprint: fingerprint.hashes,
      createdAt,
    });
    await tx.copies.insertCopies(
      issued.map((copy, position): CopyRow => ({
        id: copy.copyId,
        documentId: row.id,
        position,
        recipient: copy.recipient,
        channelId: null,
        marks: JSON.stringify(copy.marks),
        createdAt,
      })),
    );
    if (varied) await tx.copies.insertVariants(varied.row(row.id));
    return row;
  });
  return {
    document: {
      ...documentInfo(document, keys),
      fingerprint_hashes: document.fingerprintHashes,
      ...(plan && { variants: capacityOf(plan) }),
    },
    copies: issued.map((copy, i) => ({
      copy_id: copy.copyId,
      recipient: copy.recipient,
      text: copy.text,
      file_name: fileNames[i],
      marks: copy.marks,
      ...(varied && { variants: { differences: varied.copies[i].differences } }),
    })),
  };
}

/** The plan's cap on one issue (recipients × visible characters): the work and the answer grow with both. */
export function refuseBeyondPlan(context: DomainContext, owner: AccountOwner, recipients: number, characters: number) {
  if (!owner.plan) return;
  const limit = context.config.copiesCharactersByPlan[owner.plan];
  const asked = recipients * characters;
  if (asked <= limit) return;
  const most = Math.max(1, Math.floor(limit / Math.max(characters, 1)));
  throw new DomainError(
    'PLAN_LIMIT',
    `An issue on the ${owner.plan} plan makes at most ${limit.toLocaleString('en')} characters of copies ` +
      `(recipients × the document's ${characters.toLocaleString('en')} characters): this one asks ` +
      `${asked.toLocaleString('en')}. Issue to at most ${most} recipients at a time, or move to a larger plan`,
    { details: { limit: String(limit), asked: String(asked), recipients: `at most ${most} for this document` } },
  );
}
