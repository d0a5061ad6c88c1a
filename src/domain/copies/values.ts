/**
 * The issued copies' plain values (docs/TRACING.md): the limits of an issue and what a trace can tell. In a file of
 * their own, without imports, so that the shapes of the copies operations (../shapes/copies.ts) are made of them
 * without loading the domain.
 */

/** The limits of an issue. */
export const COPIES_LIMITS = {
  /** copies one issue makes at most (each is a marked copy of the whole text in the answer); plans cap less */
  recipients: 1_000,
  /** characters of a recipient's label (an email address fits) */
  recipient: 254,
  documentName: 200,
} as const;

/**
 * What a trace can tell, most first — recipient: copy marks that authenticate name one or more recipients (several:
 * their copies were spliced), each in a text that shares enough of its document's visible text; document: only the
 * fingerprint of the visible text matched, so the document is known and the recipient cannot be told;
 * unconfirmed_mark: a copy's mark authenticates, but the text around it shows too little of that copy's document to
 * confirm it (a mark can be moved onto another text), so it names no one; too_short: too few words to carry a mark or
 * match a fingerprint, so nothing can be said either way; not_found: nothing in it is any document of the caller's.
 */
export const TRACE_VERDICTS = ['recipient', 'document', 'unconfirmed_mark', 'too_short', 'not_found'] as const;
export type TraceVerdict = (typeof TRACE_VERDICTS)[number];
