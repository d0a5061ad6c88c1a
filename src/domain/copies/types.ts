import type { TraceVerdict } from '../types.js';
import type { CopyMarks } from './marking.js';

export { TRACE_VERDICTS, type TraceVerdict } from '../types.js';

/** The shapes of the copies operations (HTTP, MCP and `wm copies|trace --json`); times ISO 8601. */

export interface IssueCopiesInput {
  /** the visible text of the document */
  text: string;
  /** one label per copy: an email address, a name (each once) */
  recipients: string[];
  /** the document's name (a file name or a label); default "document" */
  name?: string;
}

export interface DocumentInfo {
  /** opaque, and the account's own (it tells nothing of other accounts' documents) */
  id: string;
  name: string;
  /** visible characters (code points) */
  characters: number;
  created_at: string;
}

export interface IssuedCopy {
  copy_id: string;
  recipient: string;
  /** the marked copy to give that recipient */
  text: string;
  /** a file name for it: the document's name with the recipient before the extension (memo.alice@example.com.txt) */
  file_name: string;
  marks: CopyMarks;
}

export interface IssueCopiesResult {
  document: DocumentInfo & { fingerprint_hashes: number };
  copies: IssuedCopy[];
}

export interface CopyRecord {
  copy_id: string;
  recipient: string;
  issued_at: string;
  marks: CopyMarks;
}

export interface ListCopiesInput {
  /** one document, with its copies */
  document_id?: string;
}

export interface ListCopiesResult {
  /** newest first; with document_id, only that document and its copies */
  documents: (DocumentInfo & { copies: number; recipients?: CopyRecord[] })[];
}

export interface TracedRecipient {
  recipient: string;
  copy_id: string;
  document: DocumentInfo;
  issued_at: string;
  evidence: {
    /** whole keyed VS frames found carrying the copy id */
    vs_frames: number;
    /** robust watermarks carrying it: copies of the mark found and agreeing */
    robust: { copies_found: number; copies_agreeing: number; bits_recovered: number }[];
  };
}

export interface TracedDocument {
  document: DocumentInfo;
  /** never a recipient: every copy of a document has the same visible text */
  recipient: null;
  /** keyed fingerprint hashes the leak shares with the document */
  shared_hashes: number;
  /** share of the leak's hashes found in the document (0–1) */
  similarity: number;
  /** share of the document's hashes the leak covers (0–1) */
  coverage: number;
}

/**
 * A copy's mark that authenticates in a text showing too little of its document: reported, naming no one (a mark can
 * be moved onto another text).
 */
export interface UnconfirmedMark {
  document: DocumentInfo;
  recipient: null;
  /** fingerprint hashes the text shares with that document */
  shared_hashes: number;
  /** how many it must share to confirm the mark: 3, or all of a shorter document's */
  needed_hashes: number;
}

export interface TraceResult {
  verdict: TraceVerdict;
  /** one plain sentence saying what can and cannot be told */
  message: string;
  recipients: TracedRecipient[];
  /** documents the fingerprint of the visible text matched, best first */
  documents: TracedDocument[];
  /** copy marks that authenticate in a text unlike their document: never a recipient */
  unconfirmed: UnconfirmedMark[];
  leak: {
    /** visible characters (code points, hidden marks not counted) */
    characters: number;
    /** visible words (a character of a script written without spaces counts half) */
    words: number;
    fingerprint_hashes: number;
    /** enough words to match a fingerprint at all (about TRACEABLE_WORDS) */
    traceable: boolean;
    /** keyed marks of the caller's that authenticated but carry no issued copy id (none since copy-mark keys) */
    other_marks: number;
  };
}
