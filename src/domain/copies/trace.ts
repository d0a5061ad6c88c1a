import { strip } from 'wm-watermark-codec/strip';
import type { CopyRow, DocumentRow, DocumentSharingHashes } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import { isTraceable, MATCH_THRESHOLDS, rankMatches, type Fingerprint } from '../fingerprint/index.js';
import { iso } from '../users.js';
import { existingCopiesKeys, type CopiesKeys } from './account-keys.js';
import type { AccountOwner } from '../account-owner.js';
import type { RunJob } from '../work/runner.js';
import { codePoints, documentInfo } from './documents.js';
import type { CopyEvidence } from './reading.js';
import { traceMessage } from './trace-message.js';
import { traceVariants, type VariantFindings } from './trace-variants.js';
import type {
  TraceInput,
  TraceResult,
  TracedDocument,
  TracedRecipient,
  TracedVariants,
  UnconfirmedMark,
} from './types.js';
import { checkTraceText } from './validation.js';

/** Documents a trace answers with at most (best first). */
export const TRACED_DOCUMENTS = 10;

/**
 * Who received the copy a leaked text comes from, within the owner's documents only. The text is opened once, with
 * the account's copy-mark key, whatever the account holds. A recipient is named only from a mark that authenticates
 * under that key **and** sits in a text that shares enough of its copy's document (a mark can be moved onto another
 * text), or from the visible variants of a document the text shares, whose score passes a threshold set for the
 * stated chance of naming an innocent (trace-variants.ts); the fingerprint of the visible text names a document,
 * never a recipient.
 */
export async function traceCopies(
  context: DomainContext,
  owner: AccountOwner,
  input: TraceInput,
  job: RunJob = context.work.forRequest(),
): Promise<TraceResult> {
  const text = checkTraceText(input);
  const characters = codePoints(strip(text));
  const keys = await existingCopiesKeys(context, owner.userId);
  if (!keys) return nothingIssued(characters);
  const evidence = await job('read-copy-marks', { text, key: keys.marks });
  const leak = await job('fingerprint', { text, key: keys.fingerprint });
  const sharing = await context.store.copies.documentsSharing(owner.userId, leak.version, leak.hashes);
  const rows = await context.store.copies.copiesOf(
    owner.userId,
    evidence.map((found) => found.copyId),
  );
  const marks = weighMarks(evidence, rows, sharing, keys);
  const variants = await traceVariants(
    context,
    job,
    owner.userId,
    keys,
    text,
    sharedDocuments(sharing, marks.confirmed),
    markedByDocument(marks.confirmed),
  );
  const recipients = withVariants(marks.recipients, variants, keys);
  const { unconfirmed, other } = marks;
  const documents = rankMatches(leak.hashes.length, sharing)
    .slice(0, TRACED_DOCUMENTS)
    .map((match): TracedDocument => ({
      document: documentInfo(match.document, keys),
      recipient: null,
      shared_hashes: match.shared,
      similarity: match.similarity,
      coverage: match.coverage,
    }));
  return answer({ recipients, documents, unconfirmed, variants: variants.traced, characters, leak, other });
}

/**
 * The documents whose variants a trace reads: those the text shares enough of to confirm a mark (at most
 * TRACED_DOCUMENTS, most shared first), and those of the copies the marks name.
 */
function sharedDocuments(sharing: DocumentSharingHashes[], confirmed: (CopyRow & { document: DocumentRow })[]) {
  const shared = sharing
    .filter((match) => match.shared >= neededHashes(match.document))
    .sort((a, b) => b.shared - a.shared)
    .slice(0, TRACED_DOCUMENTS)
    .map((match) => match.document);
  const all = new Map([...shared, ...confirmed.map((row) => row.document)].map((document) => [document.id, document]));
  return [...all.values()];
}

const markedByDocument = (confirmed: (CopyRow & { document: DocumentRow })[]) => {
  const marked = new Map<number, string[]>();
  for (const row of confirmed) marked.set(row.documentId, [...(marked.get(row.documentId) ?? []), row.id]);
  return marked;
};

/**
 * The recipients the marks name, each with its variants' score where its document's were read, and those the
 * variants name besides: a copy both name is one recipient named by both.
 */
function withVariants(marked: TracedRecipient[], variants: VariantFindings, keys: CopiesKeys): TracedRecipient[] {
  const recipients = marked.map((found) => ({
    ...found,
    named_by: [
      ...found.named_by,
      ...(variants.named.some((row) => row.id === found.copy_id) ? ['variants' as const] : []),
    ],
    evidence: { ...found.evidence, variants: variants.scores.get(found.copy_id) ?? null },
  }));
  for (const row of variants.named) {
    if (recipients.some((found) => found.copy_id === row.id)) continue;
    recipients.push({
      recipient: row.recipient,
      copy_id: row.id,
      document: documentInfo(row.document, keys),
      issued_at: iso(row.createdAt),
      named_by: ['variants'],
      evidence: { vs_frames: 0, robust: [], variants: variants.scores.get(row.id) ?? null },
    });
  }
  return recipients;
}

/**
 * The trace of an account that has issued no copies (offline: a data folder with none yet, which reading must not
 * create): nothing of its own can be in any text, whatever its length.
 */
export const traceOfNoCopies = (input: TraceInput): TraceResult =>
  nothingIssued(codePoints(strip(checkTraceText(input))));

function nothingIssued(characters: number): TraceResult {
  const none = answer({
    recipients: [],
    documents: [],
    unconfirmed: [],
    variants: [],
    characters,
    leak: undefined,
    other: 0,
  });
  return { ...none, message: 'You have issued no copies yet: nothing of yours can be in this text.' };
}

/** How many hashes a text must share with a copy's document to confirm its mark: 3, or all of a shorter document's. */
const neededHashes = (document: DocumentRow) => Math.min(MATCH_THRESHOLDS.minShared, document.fingerprintHashes);

/**
 * Each copy id that authenticated: its recipient when its copy is on record and the text shares enough of its
 * document; an unconfirmed mark when the copy is on record but the text does not; otherwise another mark (a copy
 * no longer on record).
 */
function weighMarks(
  evidence: CopyEvidence[],
  rows: (CopyRow & { document: DocumentRow })[],
  sharing: DocumentSharingHashes[],
  keys: CopiesKeys,
) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sharedWith = new Map(sharing.map((match) => [match.document.id, match.shared]));
  const recipients: TracedRecipient[] = [];
  const confirmed: (CopyRow & { document: DocumentRow })[] = [];
  const unconfirmed = new Map<number, UnconfirmedMark>();
  let other = 0;
  for (const found of evidence) {
    const row = byId.get(found.copyId);
    // copies issued before copy-mark keys were sealed with a channel's key, which encode tokens hold too: their
    // marks prove nothing (docs/TRACING.md), and the copy-mark key cannot have sealed them
    if (!row || row.channelId !== null) {
      other++;
      continue;
    }
    const shared = sharedWith.get(row.documentId) ?? 0;
    if (shared < neededHashes(row.document) || shared === 0) {
      unconfirmed.set(row.documentId, {
        document: documentInfo(row.document, keys),
        recipient: null,
        shared_hashes: shared,
        needed_hashes: neededHashes(row.document),
      });
      continue;
    }
    confirmed.push(row);
    recipients.push({
      recipient: row.recipient,
      copy_id: row.id,
      document: documentInfo(row.document, keys),
      issued_at: iso(row.createdAt),
      named_by: ['marks'],
      evidence: {
        vs_frames: found.vsFrames,
        robust: found.robust.map((mark) => ({
          copies_found: mark.copiesFound,
          copies_agreeing: mark.copiesAgreeing,
          bits_recovered: mark.bitsRecovered,
        })),
        variants: null,
      },
    });
  }
  return { recipients, confirmed, unconfirmed: [...unconfirmed.values()], other };
}

function answer(found: {
  recipients: TracedRecipient[];
  documents: TracedDocument[];
  unconfirmed: UnconfirmedMark[];
  variants: TracedVariants[];
  characters: number;
  leak: Fingerprint | undefined;
  other: number;
}): TraceResult {
  const { recipients, documents, unconfirmed, leak } = found;
  const traceable = leak ? isTraceable(leak) : false;
  const words = leak?.words ?? 0;
  const verdict: TraceResult['verdict'] =
    recipients.length > 0
      ? 'recipient'
      : documents.length > 0
        ? 'document'
        : unconfirmed.length > 0
          ? 'unconfirmed_mark'
          : leak && !traceable
            ? 'too_short'
            : 'not_found';
  return {
    verdict,
    message: traceMessage(verdict, found, words),
    recipients,
    documents,
    unconfirmed,
    variants: found.variants,
    leak: {
      characters: found.characters,
      words,
      fingerprint_hashes: leak?.hashes.length ?? 0,
      traceable,
      other_marks: found.other,
    },
  };
}
