import { Type } from '@sinclair/typebox';
import { COPIES_LIMITS, TRACE_VERDICTS } from '../copies/values.js';
import { StringEnum } from './string-enum.js';
import {
  tracedVariantsFields,
  VariantDifference,
  VariantScore,
  VariantsCapacity,
  VariantsRequest,
} from './variants.js';

// The shapes of the copies operations (docs/TRACING.md), once: their inputs and results as JSON schemas, which are
// the REST bodies and responses, the MCP tool inputs and structuredContent and the CLI's --json objects (the rows of
// src/ops/operations.ts), and whose Static<> types are the domain's (../copies/types.ts, imported as types only: the
// domain never loads TypeBox). Times are ISO 8601. Unknown input fields are ignored, as on every row
// (docs/SERVER.md, "Decisions").

/** The dry run of an issue (the `preview_copies` row): declared with the other shapes of visible variants. */
export { PreviewCopiesResult } from './variants.js';

export const IssueCopiesInput = Type.Object({
  text: Type.String({ minLength: 1, description: 'the visible text of the document to give out' }),
  recipients: Type.Array(Type.String({ minLength: 1, maxLength: COPIES_LIMITS.recipient }), {
    minItems: 1,
    maxItems: COPIES_LIMITS.recipients,
    description:
      'one label per copy (an email address, a name), each once; the label is recorded with the copy, never ' +
      'written into it',
  }),
  name: Type.Optional(
    Type.String({
      maxLength: COPIES_LIMITS.documentName,
      description: 'the document’s name (a file name or a label); default "document"',
    }),
  ),
  variants: Type.Optional(VariantsRequest),
});

/** What a document id is made of (it is opaque: ../opaque-id.ts); anything else is refused as input. */
const DOCUMENT_ID_PATTERN = '^[A-Za-z0-9_-]+$';

export const TraceInput = Type.Object({ text: Type.String({ minLength: 1, description: 'the leaked text' }) });

export const ListCopiesInput = Type.Object({
  document_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: DOCUMENT_ID_PATTERN,
      description: 'one document (its id, as issue and list give it), with its copies',
    }),
  ),
});

/** What was written into a copy: stored with it and shown when listing. */
export const CopyMarks = Type.Object({
  vs_frames: Type.Integer({ description: 'keyed VS frames written, one every few sentences' }),
  robust_marks: Type.Integer({ description: 'robust marks written (0: no room for a robust mark)' }),
});

const documentFields = {
  id: Type.String({ description: 'opaque, your account’s own: it tells nothing of other accounts’ documents' }),
  name: Type.String(),
  characters: Type.Integer({ description: 'visible characters (code points)' }),
  created_at: Type.String({ format: 'date-time' }),
};

/** A document whose copies were issued. */
export const DocumentInfo = Type.Object(documentFields);

export const IssuedCopy = Type.Object({
  copy_id: Type.String({ description: 'random: what the copy’s marks carry' }),
  recipient: Type.String(),
  text: Type.String({ description: 'the marked copy to give this recipient' }),
  file_name: Type.String({
    description: 'a file name for it: the document’s name with the recipient before the extension',
  }),
  marks: CopyMarks,
  variants: Type.Optional(
    Type.Object({
      differences: Type.Array(VariantDifference, {
        description: 'where this copy’s visible text differs from the document’s',
      }),
    }),
  ),
});

export const IssueCopiesResult = Type.Object({
  document: Type.Object({
    ...documentFields,
    fingerprint_hashes: Type.Integer(),
    variants: Type.Optional(VariantsCapacity),
  }),
  copies: Type.Array(IssuedCopy),
});

export const CopyRecord = Type.Object({
  copy_id: Type.String(),
  recipient: Type.String(),
  issued_at: Type.String({ format: 'date-time' }),
  marks: CopyMarks,
});

export const ListCopiesResult = Type.Object({
  documents: Type.Array(
    Type.Object({
      ...documentFields,
      copies: Type.Integer(),
      recipients: Type.Optional(Type.Array(CopyRecord, { description: 'with document_id: its copies' })),
    }),
    { description: 'newest first; with document_id, only that document' },
  ),
});

export const TracedRecipient = Type.Object({
  recipient: Type.String(),
  copy_id: Type.String(),
  document: DocumentInfo,
  issued_at: Type.String({ format: 'date-time' }),
  named_by: Type.Array(StringEnum(['marks', 'variants'] as const), {
    description: 'the layers that name this copy: its keyed marks, its visible variants, or both',
  }),
  evidence: Type.Object({
    vs_frames: Type.Integer({ description: 'whole keyed VS frames found carrying the copy id' }),
    robust: Type.Array(
      Type.Object({
        copies_found: Type.Integer(),
        copies_agreeing: Type.Integer(),
        bits_recovered: Type.Integer(),
      }),
      { description: 'robust watermarks carrying it: copies of the mark found and agreeing' },
    ),
    variants: Type.Union([VariantScore, Type.Null()], {
      description: 'its visible variants’ score, where its document has variant copies and they were read',
    }),
  }),
});

/**
 * The visible variants of one document, read from a leak: what they show, whom they name, with the chance of naming
 * an innocent stated, and how they bear on the keyed marks (a contradiction is reported, never resolved).
 */
export const TracedVariants = Type.Object({ document: DocumentInfo, ...tracedVariantsFields });

export const TracedDocument = Type.Object({
  document: DocumentInfo,
  recipient: Type.Null({ description: 'never a recipient: every copy of a document has the same visible text' }),
  shared_hashes: Type.Integer({ description: 'keyed fingerprint hashes the leak shares with the document' }),
  similarity: Type.Number({ description: 'share of the leak found in the document (0–1)' }),
  coverage: Type.Number({ description: 'share of the document the leak covers (0–1)' }),
});

/** A copy's mark that authenticates in a text showing too little of its document: it names no one. */
export const UnconfirmedMark = Type.Object({
  document: DocumentInfo,
  recipient: Type.Null(),
  shared_hashes: Type.Integer({ description: 'fingerprint hashes the text shares with that document' }),
  needed_hashes: Type.Integer({ description: 'how many it must share to confirm the mark' }),
});

export const TraceResult = Type.Object({
  verdict: StringEnum(TRACE_VERDICTS, {
    description:
      'recipient: copy marks that authenticate, in a text sharing enough of their document, or visible variants ' +
      'whose score passes the threshold, name the recipient(s); document: only the visible text matched (the ' +
      'recipient cannot be told); unconfirmed_mark: a copy mark authenticates but the text shows too little of ' +
      'its document (it names no one); too_short: too few words to tell anything (not charged); not_found: ' +
      'nothing of your documents',
  }),
  message: Type.String({ description: 'one plain sentence saying what can and cannot be told' }),
  recipients: Type.Array(TracedRecipient),
  documents: Type.Array(TracedDocument, { description: 'documents the visible text matched, best first' }),
  unconfirmed: Type.Array(UnconfirmedMark, {
    description: 'copy marks that authenticate in a text unlike their document: never a recipient',
  }),
  variants: Type.Array(TracedVariants, {
    description: 'the visible variants of each document with variant copies the text shares, read and scored',
  }),
  leak: Type.Object({
    characters: Type.Integer({ description: 'visible characters (code points, hidden marks not counted)' }),
    words: Type.Integer({ description: 'visible words (a character of a script without spaces counts half)' }),
    fingerprint_hashes: Type.Integer(),
    traceable: Type.Boolean({ description: 'enough words for the fingerprint (about 25)' }),
    other_marks: Type.Integer({ description: 'copy marks of yours whose copy is not on record' }),
  }),
});
