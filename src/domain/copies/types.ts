import type { LayerAgreement, VariantVerdict } from 'wm-watermark-codec/variants';
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
  /** visible variants too (docs/TRACING.md, "Visible variants"): each copy differs from the text at variant sites */
  variants?: VariantsRequest;
}

/** Visible variants, as an issuer asks for them. */
export interface VariantsRequest {
  /** the classes to vary (the codec's variantClasses(); default: those on by default) */
  classes?: string[];
  /** the largest coalition of recipients the code must still name one of (1–8; default 1: a single leaker) */
  collusion?: number;
}

/** What a document's variant sites can prove: the same numbers in a preview, an issue's answer and a refusal. */
export interface VariantsCapacity {
  classes: string[];
  /** places where the copies differ */
  sites: number;
  /** independent choices per copy (bits): a class that must agree within a text counts once */
  positions: number;
  words: number;
  sites_per_thousand_words: number;
  collusion: number;
  /** the most a trace may risk of naming any innocent copy */
  false_accusation: number;
  /** positions a leak must show to name a single leaker among the recipients (an estimate) */
  needed_for_one_leaker: number;
  /** positions a leak must show to name one of `collusion` colluders (an estimate; the issue needs this many) */
  needed: number;
}

/** One place where a copy differs from the issuer's text (offsets in UTF-16 units of that text). */
export interface VariantDifference {
  /** the site's index in the preview's `sites` */
  site: number;
  class: string;
  start: number;
  end: number;
  from: string;
  to: string;
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
  /** with visible variants: where this copy's visible text differs from the document's */
  variants?: { differences: VariantDifference[] };
}

export interface IssueCopiesResult {
  document: DocumentInfo & { fingerprint_hashes: number; variants?: VariantsCapacity };
  copies: IssuedCopy[];
}

/**
 * The dry run of an issue with visible variants: every site, and for each recipient one draw of the differences
 * (an issue draws each copy's own from its key and copy id: the sites are these, the choices at them are new).
 */
export interface PreviewCopiesResult {
  document: { name: string; characters: number };
  variants: VariantsCapacity & {
    /** whether an issue to these recipients would be made (else `refusal` says why, with the numbers) */
    enough: boolean;
    refusal: string | null;
  };
  sites: { class: string; start: number; end: number; text: string; forms: [string, string]; per_copy: boolean }[];
  copies: { recipient: string; differences: VariantDifference[] }[];
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
  /** the layers that name this copy: its keyed marks, its visible variants, or both */
  named_by: ('marks' | 'variants')[];
  evidence: {
    /** whole keyed VS frames found carrying the copy id */
    vs_frames: number;
    /** robust watermarks carrying it: copies of the mark found and agreeing */
    robust: { copies_found: number; copies_agreeing: number; bits_recovered: number }[];
    /** its variants' score, where its document has variant copies and the trace read them; otherwise null */
    variants: VariantScore | null;
  };
}

/** A copy's accusation score against what a leak's variant sites show. */
export interface VariantScore {
  copy_id: string;
  recipient: string;
  score: number;
  /** the score a copy must reach to be named (null: the leak shows too few positions for any score to count) */
  threshold: number | null;
  /** positions where the copy shows the leak's form, and where it shows the other */
  agreed: number;
  disagreed: number;
}

/**
 * The visible variants of one document, read from a leak: what they show, whom they name, with the chance of
 * naming an innocent stated, and how they bear on the keyed marks (a contradiction is reported, never resolved).
 */
export interface TracedVariants {
  document: DocumentInfo;
  /**
   * named: copies whose scores pass the threshold; none: no copy's does; too_few_sites: the leak shows too few
   * positions to name anyone; unreadable: this wm cannot read the document's record (a table it does not have)
   */
  verdict: VariantVerdict | 'unreadable';
  message: string;
  /** the most this whole trace risks of naming any innocent copy */
  false_accusation: number;
  /** copies scored in this trace, over every document read (the union bound of the threshold) */
  copies_scored: number;
  /** positions of the code the leak shows */
  positions: number;
  threshold: number | null;
  /** positions needed to name a single leaker, and one of `collusion` colluders */
  needed: { one_leaker: number; colluders: number; collusion: number };
  named: VariantScore[];
  /** the scores of the copies the keyed marks name, whatever they are */
  marked: VariantScore[];
  evidence: {
    words: number;
    /** places of any class found in the leak, and those that are this document's sites */
    places: number;
    located: number;
    /** positions whose sites disagree (copies mixed within one unit): not used */
    conflicting: number;
    /** classes whose positions all show one form (an editor or autocorrect made them uniform): not used */
    normalised: { class: string; positions: number; form: 0 | 1 }[];
  };
  layers: {
    /** agree, marks_only, variants_only, contradiction or neither */
    agreement: LayerAgreement;
    /** copy ids the marks name, and the variants */
    marks: string[];
    variants: string[];
    contradictions: string[];
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
  /** the visible variants of each document with variant copies the text matched */
  variants: TracedVariants[];
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
