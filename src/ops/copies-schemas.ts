import { Type, type TProperties } from '@sinclair/typebox';
import { COPIES_LIMITS, TRACE_VERDICTS } from '../domain/types.js';
import { StringEnum } from './string-enum.js';

// The schemas of the copies operations (docs/TRACING.md): the REST bodies and responses, the MCP tool inputs and
// structuredContent, and the CLI's --json objects, one definition each.

const object = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });

export const IssueCopiesInput = object({
  text: Type.String({ minLength: 1, description: 'the visible text of the document to give out' }),
  recipients: Type.Array(Type.String({ minLength: 1, maxLength: COPIES_LIMITS.recipient }), {
    minItems: 1,
    maxItems: COPIES_LIMITS.recipients,
    description:
      'one label per copy (an email address, a name), each once; the label is recorded with the copy, never ' +
      'written into it',
  }),
  name: Type.Optional(
    Type.String({ maxLength: COPIES_LIMITS.documentName, description: 'the document’s name; default "document"' }),
  ),
});

export const TraceInput = object({ text: Type.String({ minLength: 1, description: 'the leaked text' }) });

export const ListCopiesInput = object({
  document_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'one document (its id, as issue and list give it), with its copies',
    }),
  ),
});

const Marks = object({
  vs_frames: Type.Integer({ description: 'keyed VS frames written, one every few sentences' }),
  robust_marks: Type.Integer({ description: 'robust marks written (0: no room for a robust mark)' }),
});

const DocumentInfo = {
  id: Type.String({ description: 'opaque, your account’s own' }),
  name: Type.String(),
  characters: Type.Integer({ description: 'visible characters (code points)' }),
  created_at: Type.String({ format: 'date-time' }),
};

export const IssueCopiesResult = object({
  document: object({ ...DocumentInfo, fingerprint_hashes: Type.Integer() }),
  copies: Type.Array(
    object({
      copy_id: Type.String({ description: 'random: what the copy’s marks carry' }),
      recipient: Type.String(),
      text: Type.String({ description: 'the marked copy to give this recipient' }),
      file_name: Type.String({ description: 'a file name for it: memo.alice@example.com.txt' }),
      marks: Marks,
    }),
  ),
});

export const ListCopiesResult = object({
  documents: Type.Array(
    object({
      ...DocumentInfo,
      copies: Type.Integer(),
      recipients: Type.Optional(
        Type.Array(
          object({
            copy_id: Type.String(),
            recipient: Type.String(),
            issued_at: Type.String({ format: 'date-time' }),
            marks: Marks,
          }),
        ),
      ),
    }),
  ),
});

export const TraceResult = object({
  verdict: StringEnum(TRACE_VERDICTS, {
    description:
      'recipient: copy marks that authenticate, in a text sharing enough of their document, name the ' +
      'recipient(s); document: only the visible text matched (the recipient cannot be told); unconfirmed_mark: a ' +
      'copy mark authenticates but the text shows too little of its document (it names no one); too_short: too ' +
      'few words to tell anything (not charged); not_found: nothing of your documents',
  }),
  message: Type.String(),
  recipients: Type.Array(
    object({
      recipient: Type.String(),
      copy_id: Type.String(),
      document: object(DocumentInfo),
      issued_at: Type.String({ format: 'date-time' }),
      evidence: object({
        vs_frames: Type.Integer({ description: 'whole keyed VS frames found' }),
        robust: Type.Array(
          object({
            copies_found: Type.Integer(),
            copies_agreeing: Type.Integer(),
            bits_recovered: Type.Integer(),
          }),
        ),
      }),
    }),
  ),
  documents: Type.Array(
    object({
      document: object(DocumentInfo),
      recipient: Type.Null(),
      shared_hashes: Type.Integer(),
      similarity: Type.Number({ description: 'share of the leak found in the document' }),
      coverage: Type.Number({ description: 'share of the document the leak covers' }),
    }),
  ),
  unconfirmed: Type.Array(
    object({
      document: object(DocumentInfo),
      recipient: Type.Null(),
      shared_hashes: Type.Integer({ description: 'fingerprint hashes the text shares with that document' }),
      needed_hashes: Type.Integer({ description: 'how many it must share to confirm the mark' }),
    }),
    { description: 'copy marks that authenticate in a text unlike their document: never a recipient' },
  ),
  leak: object({
    characters: Type.Integer(),
    words: Type.Integer({ description: 'visible words (a character of a script without spaces counts half)' }),
    fingerprint_hashes: Type.Integer(),
    traceable: Type.Boolean({ description: 'enough words for the fingerprint (about 25)' }),
    other_marks: Type.Integer({ description: 'copy marks of yours whose copy is not on record' }),
  }),
});
