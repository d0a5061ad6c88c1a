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
import type { TraceInput, TraceResult, TracedDocument, TracedRecipient, UnconfirmedMark } from './types.js';
import { checkTraceText } from './validation.js';

/** Documents a trace answers with at most (best first). */
export const TRACED_DOCUMENTS = 10;

/** About how many visible words a document is recognised from (docs/TRACING.md: fewer than 3 hashes cannot match). */
export const TRACEABLE_WORDS = 25;

/**
 * Who received the copy a leaked text comes from, within the owner's documents only. The text is opened once, with
 * the account's copy-mark key, whatever the account holds. A recipient is named only from a mark that authenticates
 * under that key **and** sits in a text that shares enough of its copy's document (a mark can be moved onto another
 * text); the fingerprint of the visible text names a document, never a recipient.
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
  const { recipients, unconfirmed, other } = weighMarks(evidence, rows, sharing, keys);
  const documents = rankMatches(leak.hashes.length, sharing)
    .slice(0, TRACED_DOCUMENTS)
    .map((match): TracedDocument => ({
      document: documentInfo(match.document, keys),
      recipient: null,
      shared_hashes: match.shared,
      similarity: match.similarity,
      coverage: match.coverage,
    }));
  return answer({ recipients, documents, unconfirmed, characters, leak, other });
}

/**
 * The trace of an account that has issued no copies (offline: a data folder with none yet, which reading must not
 * create): nothing of its own can be in any text, whatever its length.
 */
export const traceOfNoCopies = (input: TraceInput): TraceResult =>
  nothingIssued(codePoints(strip(checkTraceText(input))));

function nothingIssued(characters: number): TraceResult {
  const none = answer({ recipients: [], documents: [], unconfirmed: [], characters, leak: undefined, other: 0 });
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
    recipients.push({
      recipient: row.recipient,
      copy_id: row.id,
      document: documentInfo(row.document, keys),
      issued_at: iso(row.createdAt),
      evidence: {
        vs_frames: found.vsFrames,
        robust: found.robust.map((mark) => ({
          copies_found: mark.copiesFound,
          copies_agreeing: mark.copiesAgreeing,
          bits_recovered: mark.bitsRecovered,
        })),
      },
    });
  }
  return { recipients, unconfirmed: [...unconfirmed.values()], other };
}

function answer(found: {
  recipients: TracedRecipient[];
  documents: TracedDocument[];
  unconfirmed: UnconfirmedMark[];
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
    message: messageOf(verdict, found, words),
    recipients,
    documents,
    unconfirmed,
    leak: {
      characters: found.characters,
      words,
      fingerprint_hashes: leak?.hashes.length ?? 0,
      traceable,
      other_marks: found.other,
    },
  };
}

function messageOf(
  verdict: TraceResult['verdict'],
  {
    recipients,
    documents,
    unconfirmed,
  }: { recipients: TracedRecipient[]; documents: TracedDocument[]; unconfirmed: UnconfirmedMark[] },
  words: number,
): string {
  const caveat =
    unconfirmed.length > 0
      ? ` It also carries the mark of a copy of ${quoted(unconfirmed)} without enough of that document's text to ` +
        'confirm it: such a mark names no one.'
      : '';
  switch (verdict) {
    case 'recipient': {
      const names = recipients.map((found) => `${found.recipient} (copy ${found.copy_id} of "${found.document.name}")`);
      return (
        (recipients.length === 1
          ? `This text is the copy issued to ${names[0]}: its copy marks authenticate and its text is that document's.`
          : `This text holds the marks of ${recipients.length} copies, spliced together: ${names.join(', ')}.`) + caveat
      );
    }
    case 'document':
      return (
        `This text comes from "${documents[0].document.name}" (its visible text matches), but no mark that ` +
        `authenticates is left in it: the recipient cannot be told.${caveat}`
      );
    case 'unconfirmed_mark':
      return (
        `This text carries the mark of a copy of ${quoted(unconfirmed)}, but too little of that document's text to ` +
        'confirm it: a mark can be moved onto another text, so it names no one.'
      );
    case 'too_short':
      return (
        `Too short to trace: ${words} word${words === 1 ? '' : 's'}, about ${TRACEABLE_WORDS} needed to recognise a ` +
        'document and a few sentences for a mark. Nothing can be said either way.'
      );
    case 'not_found':
      return 'Nothing in this text is from any of your documents: no mark of your copies, no matching fingerprint.';
  }
}

const quoted = (marks: UnconfirmedMark[]) => marks.map((mark) => `"${mark.document.name}"`).join(', ');
