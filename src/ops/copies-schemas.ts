import { Type, type TProperties } from '@sinclair/typebox';
import { LAYER_AGREEMENTS, VARIANT_VERDICTS } from 'wm-watermark-codec/variants';
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

const VariantsCapacity = object({
  classes: Type.Array(Type.String(), { description: 'the variant classes turned on' }),
  sites: Type.Integer({ description: 'places where the copies differ' }),
  positions: Type.Integer({ description: 'independent choices per copy (bits)' }),
  words: Type.Integer(),
  sites_per_thousand_words: Type.Number(),
  collusion: Type.Integer({ description: 'the largest coalition of recipients the code names one of' }),
  false_accusation: Type.Number({ description: 'the most a trace risks of naming any innocent copy' }),
  needed_for_one_leaker: Type.Integer({ description: 'positions a leak must show to name a single leaker' }),
  needed: Type.Integer({ description: 'positions a leak must show to name one of `collusion` colluders' }),
});

const VariantDifference = object({
  site: Type.Integer(),
  class: Type.String(),
  start: Type.Integer({ description: 'UTF-16 offset in the document’s text' }),
  end: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
});

export const IssueCopiesResult = object({
  document: object({
    ...DocumentInfo,
    fingerprint_hashes: Type.Integer(),
    variants: Type.Optional(VariantsCapacity),
  }),
  copies: Type.Array(
    object({
      copy_id: Type.String({ description: 'random: what the copy’s marks carry' }),
      recipient: Type.String(),
      text: Type.String({ description: 'the marked copy to give this recipient' }),
      file_name: Type.String({ description: 'a file name for it: memo.alice@example.com.txt' }),
      marks: Marks,
      variants: Type.Optional(
        object({
          differences: Type.Array(VariantDifference, {
            description: 'where this copy’s visible text differs from the document’s',
          }),
        }),
      ),
    }),
  ),
});

const VariantScore = object({
  copy_id: Type.String(),
  recipient: Type.String(),
  score: Type.Number(),
  threshold: Type.Union([Type.Number(), Type.Null()], { description: 'null: too few positions to name anyone' }),
  agreed: Type.Integer(),
  disagreed: Type.Integer(),
});

const TracedVariants = object({
  document: object(DocumentInfo),
  verdict: StringEnum([...VARIANT_VERDICTS, 'unreadable'] as const, {
    description:
      'named: copies whose scores pass the threshold; none: no copy’s does; too_few_sites: the leak shows too ' +
      'few positions to name anyone; unreadable: this wm cannot read the document’s variant record',
  }),
  message: Type.String(),
  false_accusation: Type.Number({ description: 'the most this trace risks of naming any innocent copy' }),
  copies_scored: Type.Integer({ description: 'copies scored in this trace, over every document read' }),
  positions: Type.Integer({ description: 'positions of the code the leak shows' }),
  threshold: Type.Union([Type.Number(), Type.Null()]),
  needed: object({ one_leaker: Type.Integer(), colluders: Type.Integer(), collusion: Type.Integer() }),
  named: Type.Array(VariantScore),
  marked: Type.Array(VariantScore, { description: 'the scores of the copies the keyed marks name' }),
  evidence: object({
    words: Type.Integer(),
    places: Type.Integer(),
    located: Type.Integer(),
    conflicting: Type.Integer(),
    normalised: Type.Array(
      object({ class: Type.String(), positions: Type.Integer(), form: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
    ),
  }),
  layers: object({
    agreement: StringEnum(LAYER_AGREEMENTS),
    marks: Type.Array(Type.String()),
    variants: Type.Array(Type.String()),
    contradictions: Type.Array(Type.String(), { description: 'reported, never resolved' }),
  }),
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
      'recipient: copy marks that authenticate, in a text sharing enough of their document, or visible variants ' +
      'whose score passes the threshold, name the recipient(s); document: only the visible text matched (the ' +
      'recipient cannot be told); unconfirmed_mark: a copy mark authenticates but the text shows too little of ' +
      'its document (it names no one); too_short: too few words to tell anything (not charged); not_found: ' +
      'nothing of your documents',
  }),
  message: Type.String(),
  recipients: Type.Array(
    object({
      recipient: Type.String(),
      copy_id: Type.String(),
      document: object(DocumentInfo),
      issued_at: Type.String({ format: 'date-time' }),
      named_by: Type.Array(StringEnum(['marks', 'variants'] as const), {
        description: 'the layers that name this copy: its keyed marks, its visible variants, or both',
      }),
      evidence: object({
        vs_frames: Type.Integer({ description: 'whole keyed VS frames found' }),
        robust: Type.Array(
          object({
            copies_found: Type.Integer(),
            copies_agreeing: Type.Integer(),
            bits_recovered: Type.Integer(),
          }),
        ),
        variants: Type.Union([VariantScore, Type.Null()], {
          description: 'its visible variants’ score, where its document has variant copies and they were read',
        }),
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
  variants: Type.Array(TracedVariants, {
    description: 'the visible variants of each document with variant copies the text shares, read and scored',
  }),
  leak: object({
    characters: Type.Integer(),
    words: Type.Integer({ description: 'visible words (a character of a script without spaces counts half)' }),
    fingerprint_hashes: Type.Integer(),
    traceable: Type.Boolean({ description: 'enough words for the fingerprint (about 25)' }),
    other_marks: Type.Integer({ description: 'copy marks of yours whose copy is not on record' }),
  }),
});
