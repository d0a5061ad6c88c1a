import { strip } from 'wm-watermark-codec/strip';
import type { CopyRow, DocumentRow } from '../../store/index.js';
import { channelKeyOf } from '../channels.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { isTraceable, rankMatches, type Fingerprint } from '../fingerprint/index.js';
import { iso } from '../users.js';
import { copyFileNames } from './file-names.js';
import { existingFingerprintKey, ownFingerprintKey } from './fingerprint-keys.js';
import type { RunJob } from '../work/runner.js';
import { newCopyId, type CopyMarks } from './marking.js';
import type { CopyEvidence, CopyKey } from './reading.js';
import type {
  DocumentInfo,
  IssueCopiesInput,
  IssueCopiesResult,
  ListCopiesResult,
  TraceResult,
  TracedDocument,
  TracedRecipient,
} from './types.js';
import { checkIssueInput, checkTraceText } from './validation.js';

/** Who issues and traces: an account, and for issuing the channel whose key seals the marks. */
export interface CopiesOwner {
  userId: string;
  /** the channel and its key; required to issue (the marks are keyed) */
  channel?: CopyKey;
}

/** Documents a list shows at most. */
export const LISTED_DOCUMENTS = 100;
/** Documents a trace answers with at most (best first). */
export const TRACED_DOCUMENTS = 10;

const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const documentInfo = (row: DocumentRow): DocumentInfo => ({
  id: row.id,
  name: row.name,
  characters: row.characters,
  created_at: iso(row.createdAt),
});

/**
 * One marked copy per recipient, recorded with the document's keyed fingerprint (never the text). The marking and
 * the fingerprint are jobs (`job`: the request's, ../work/), run before anything is recorded.
 */
export async function issueCopies(
  context: DomainContext,
  owner: CopiesOwner,
  input: IssueCopiesInput,
  job: RunJob = context.work.forRequest(),
): Promise<IssueCopiesResult> {
  const { text, recipients, name } = checkIssueInput(input);
  const channel = owner.channel;
  if (!channel) {
    throw new DomainError(
      'VALIDATION',
      "Copies are marked with a channel's key: use an API token bound to a channel (locally: --channel NAME)",
      { details: { channel: 'needed: the marks of a copy are keyed' } },
    );
  }
  const copyIds = recipients.map(() => newCopyId());
  const marked = await job('mark-copies', { text, copyIds, key: channel.key });
  const issued = recipients.map((recipient, i) => ({ copyId: copyIds[i], recipient, ...marked[i] }));
  const fingerprint = await job('fingerprint', { text, key: await ownFingerprintKey(context, owner.userId) });
  const createdAt = context.now().getTime();
  const document = await context.store.transaction(async (tx) => {
    const row = await tx.copies.insertDocument({
      ownerId: owner.userId,
      name,
      characters: codePoints(strip(text)),
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
        channelId: channel.channelId,
        marks: JSON.stringify(copy.marks),
        createdAt,
      })),
    );
    return row;
  });
  const fileNames = copyFileNames(
    document.name,
    issued.map((copy) => ({ recipient: copy.recipient, copy_id: copy.copyId })),
  );
  return {
    document: { ...documentInfo(document), fingerprint_hashes: document.fingerprintHashes },
    copies: issued.map((copy, i) => ({
      copy_id: copy.copyId,
      recipient: copy.recipient,
      text: copy.text,
      file_name: fileNames[i],
      marks: copy.marks,
    })),
  };
}

/**
 * The keys of the owner's channels, deactivated ones too: a copy is read with the key that marked it, and a channel
 * is never deleted while its copies exist (a few channels: cheaper than asking which ones sealed copies).
 */
async function copyKeys(context: DomainContext, ownerId: string): Promise<CopyKey[]> {
  const channels = await context.store.channels.listOf(ownerId);
  return channels.map((channel) => ({ channelId: channel.id, key: channelKeyOf(context, channel) }));
}

/**
 * Who received the copy a leaked text comes from, within the owner's documents only. A recipient is named only from
 * a keyed mark that authenticates under the channel that issued that copy; the fingerprint of the visible text
 * names a document, never a recipient.
 */
export async function traceCopies(
  context: DomainContext,
  owner: CopiesOwner,
  input: { text: string },
  job: RunJob = context.work.forRequest(),
): Promise<TraceResult> {
  const text = checkTraceText(input);
  const evidence = await job('read-copy-marks', { text, keys: await copyKeys(context, owner.userId) });
  const rows = await context.store.copies.copiesOf(
    owner.userId,
    evidence.map((found) => found.copyId),
  );
  const recipients = tracedRecipients(evidence, rows);
  const key = await existingFingerprintKey(context, owner.userId);
  const leak = key ? await job('fingerprint', { text, key }) : undefined;
  const documents = leak && isTraceable(leak) ? await matchedDocuments(context, owner.userId, leak) : [];
  const verdict = recipients.length > 0 ? 'recipient' : documents.length > 0 ? 'document' : 'not_found';
  return {
    verdict,
    message: messageOf(verdict, recipients, documents),
    recipients,
    documents,
    leak: {
      characters: codePoints(strip(text)),
      fingerprint_hashes: leak?.hashes.length ?? 0,
      traceable: leak ? isTraceable(leak) : false,
      other_marks: evidence.length - recipients.length,
    },
  };
}

/** Each id that authenticated and is a copy the same channel issued: its recipient, with the marks found. */
function tracedRecipients(evidence: CopyEvidence[], rows: (CopyRow & { document: DocumentRow })[]): TracedRecipient[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return evidence.flatMap((found): TracedRecipient[] => {
    const row = byId.get(found.copyId);
    if (!row || row.channelId !== found.channelId) return [];
    return [
      {
        recipient: row.recipient,
        copy_id: row.id,
        document: documentInfo(row.document),
        issued_at: iso(row.createdAt),
        evidence: {
          vs_frames: found.vsFrames,
          robust: found.robust.map((mark) => ({
            copies_found: mark.copiesFound,
            copies_agreeing: mark.copiesAgreeing,
            bits_recovered: mark.bitsRecovered,
          })),
        },
      },
    ];
  });
}

async function matchedDocuments(context: DomainContext, ownerId: string, leak: Fingerprint): Promise<TracedDocument[]> {
  const candidates = await context.store.copies.documentsSharing(ownerId, leak.version, leak.hashes);
  return rankMatches(leak.hashes.length, candidates)
    .slice(0, TRACED_DOCUMENTS)
    .map((match) => ({
      document: documentInfo(match.document),
      recipient: null,
      shared_hashes: match.shared,
      similarity: match.similarity,
      coverage: match.coverage,
    }));
}

function messageOf(
  verdict: TraceResult['verdict'],
  recipients: TracedRecipient[],
  documents: TracedDocument[],
): string {
  if (verdict === 'recipient') {
    const names = recipients.map((found) => `${found.recipient} (copy ${found.copy_id} of "${found.document.name}")`);
    return recipients.length === 1
      ? `This text is the copy issued to ${names[0]}: its keyed marks authenticate.`
      : `This text holds the marks of ${recipients.length} copies, spliced together: ${names.join(', ')}.`;
  }
  if (verdict === 'document') {
    return (
      `This text comes from "${documents[0].document.name}" (its visible text matches), but no mark that ` +
      'authenticates is left in it: the recipient cannot be told.'
    );
  }
  return 'Nothing in this text is from any of your documents: no mark of your copies, no matching fingerprint.';
}

/** The owner's documents, newest first, or one document with its copies. */
export async function listCopies(
  context: DomainContext,
  owner: CopiesOwner,
  input: { document_id?: number } = {},
): Promise<ListCopiesResult> {
  if (input.document_id === undefined) {
    const rows = await context.store.copies.documentsOf(owner.userId, LISTED_DOCUMENTS);
    return { documents: rows.map((row) => ({ ...documentInfo(row), copies: row.copies })) };
  }
  const document = await context.store.copies.documentOf(owner.userId, input.document_id);
  if (!document) throw new DomainError('NOT_FOUND', 'You have no document with this id');
  const copies = await context.store.copies.copiesOfDocument(owner.userId, document.id);
  return {
    documents: [
      {
        ...documentInfo(document),
        copies: copies.length,
        recipients: copies.map((copy) => ({
          copy_id: copy.id,
          recipient: copy.recipient,
          issued_at: iso(copy.createdAt),
          marks: JSON.parse(copy.marks) as CopyMarks,
        })),
      },
    ],
  };
}
