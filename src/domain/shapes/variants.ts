import { Type } from '@sinclair/typebox';
import { LAYER_AGREEMENTS, MAX_COLLUSION, VARIANT_VERDICTS } from 'wm-watermark-codec/variants';
import { StringEnum } from './string-enum.js';

// The shapes of visible variants in the copies operations (docs/TRACING.md, "Visible variants"): the issue's
// option, the capacity and each copy's differences in its answer, the preview (the dry run), and what a trace reads
// of each document's variants. Their Static<> types are the domain's (../copies/types.ts).

export const VariantsRequest = Type.Object(
  {
    classes: Type.Optional(
      Type.Array(Type.String(), {
        description: 'the variant classes to vary, each once (default: those on by default)',
      }),
    ),
    collusion: Type.Optional(
      Type.Integer({
        description:
          `the largest coalition of recipients the code must still name one of (1–${MAX_COLLUSION}, ` + 'default 1)',
      }),
    ),
  },
  {
    description:
      'visible variants too: each copy differs from the text at places where two forms are both standard ' +
      '(toward/towards, the serial comma), so a leak names its leakers with every invisible character gone',
  },
);

/** What a document's variant sites can prove: the same numbers in a preview, an issue's answer and a refusal. */
export const VariantsCapacity = Type.Object({
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

/** One place where a copy differs from the issuer's text (offsets in UTF-16 units of that text). */
export const VariantDifference = Type.Object({
  site: Type.Integer({ description: 'the site’s index in the preview’s `sites`' }),
  class: Type.String(),
  start: Type.Integer({ description: 'UTF-16 offset in the document’s text' }),
  end: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
});

/**
 * The dry run of an issue with visible variants: every site, and for each recipient one draw of the differences
 * (an issue draws each copy's own from its key and copy id: the sites are these, the choices at them are new).
 */
export const PreviewCopiesResult = Type.Object({
  document: Type.Object({ name: Type.String(), characters: Type.Integer() }),
  variants: Type.Intersect([
    VariantsCapacity,
    Type.Object({
      enough: Type.Boolean({ description: 'whether an issue to these recipients would be made' }),
      refusal: Type.Union([Type.String(), Type.Null()], { description: 'why not, with the numbers' }),
    }),
  ]),
  sites: Type.Array(
    Type.Object({
      class: Type.String(),
      start: Type.Integer(),
      end: Type.Integer(),
      text: Type.String(),
      forms: Type.Tuple([Type.String(), Type.String()]),
      per_copy: Type.Boolean({ description: 'one choice per copy for the whole class or pair, or one per site' }),
    }),
  ),
  copies: Type.Array(Type.Object({ recipient: Type.String(), differences: Type.Array(VariantDifference) })),
});

/** A copy's accusation score against what a leak's variant sites show. */
export const VariantScore = Type.Object({
  copy_id: Type.String(),
  recipient: Type.String(),
  score: Type.Number(),
  threshold: Type.Union([Type.Number(), Type.Null()], { description: 'null: too few positions to name anyone' }),
  agreed: Type.Integer({ description: 'positions where the copy shows the leak’s form' }),
  disagreed: Type.Integer({ description: 'positions where it shows the other' }),
});

/** What a trace read of one document's variants, without the document (../shapes/copies.ts adds it). */
export const tracedVariantsFields = {
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
  needed: Type.Object({ one_leaker: Type.Integer(), colluders: Type.Integer(), collusion: Type.Integer() }),
  named: Type.Array(VariantScore),
  marked: Type.Array(VariantScore, { description: 'the scores of the copies the keyed marks name' }),
  evidence: Type.Object({
    words: Type.Integer(),
    places: Type.Integer({ description: 'places of any class found in the leak' }),
    located: Type.Integer({ description: 'of those, this document’s sites' }),
    conflicting: Type.Integer({ description: 'positions whose sites disagree: not used' }),
    normalised: Type.Array(
      Type.Object({
        class: Type.String(),
        positions: Type.Integer(),
        form: Type.Union([Type.Literal(0), Type.Literal(1)]),
      }),
      { description: 'classes whose positions all show one form (an editor made them uniform): not used' },
    ),
  }),
  layers: Type.Object({
    agreement: StringEnum(LAYER_AGREEMENTS),
    marks: Type.Array(Type.String(), { description: 'copy ids the keyed marks name' }),
    variants: Type.Array(Type.String(), { description: 'copy ids the variants name' }),
    contradictions: Type.Array(Type.String(), { description: 'reported, never resolved' }),
  }),
};
