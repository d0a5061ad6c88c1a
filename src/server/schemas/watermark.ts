import { Type, type Static } from '@sinclair/typebox';
import { DISTRIBUTIONS, METHODS, OUTPUT_MODES, STEALTH_LEVELS } from '../../codec/index.js';
import { StringEnum } from './common.js';

const Text = (description: string) => Type.String({ description });

export const EncodeOptions = {
  method: Type.Optional(StringEnum(METHODS, { default: 'auto', description: 'auto: one word → char, several words → chunked' })),
  chunkSize: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'bytes per grapheme (method chunked)' })),
  firstLetterOnly: Type.Optional(Type.Boolean({ default: false, description: 'method char: whole secret on the first grapheme' })),
  output: Type.Optional(StringEnum(OUTPUT_MODES, { default: 'full', description: 'tokens: only the graphemes carrying marks' })),
  pattern: Type.Optional(Type.String({ description: 'required when method is pattern' })),
};

export const EncodeBody = Type.Object({
  text: Text('visible carrier text'),
  secret: Text('payload to hide'),
  ...EncodeOptions,
});
export type EncodeBody = Static<typeof EncodeBody>;

export const EncodeResponse = Type.Object({
  encoded: Type.String(),
  keyed: Type.Boolean({ description: 'true when a channel-bound token encrypted the payload' }),
  stats: Type.Object({
    originalLength: Type.Integer(),
    secretLength: Type.Integer(),
    encodedLength: Type.Integer(),
    chunkSize: Type.Optional(Type.Integer()),
    method: Type.String(),
  }),
});

export const EncodeRobustBody = Type.Object({
  text: Type.Optional(Text('carrier; at least 8 bytes per secret byte (required unless visible_text is sent)')),
  secret: Type.Optional(Text('payload (required unless hidden_text is sent)')),
  visible_text: Type.Optional(Text('another spelling of text, sent by existing clients')),
  hidden_text: Type.Optional(Text('another spelling of secret, sent by existing clients')),
  distribution: Type.Optional(StringEnum(DISTRIBUTIONS, { default: 'even' })),
  stealth_level: Type.Optional(StringEnum(STEALTH_LEVELS, { default: 'standard' })),
});
export type EncodeRobustBody = Static<typeof EncodeRobustBody>;

export const EncodeRobustResponse = Type.Object({
  watermarked: Type.String(),
  keyed: Type.Boolean(),
  stats: Type.Object({
    visibleLength: Type.Integer(),
    hiddenLength: Type.Integer(),
    watermarkBitCount: Type.Integer(),
    totalLength: Type.Integer(),
    distribution: Type.String(),
    stealthLevel: Type.String(),
  }),
});

export const DecodeBody = Type.Object({ text: Text('text that may carry a watermark') });
export type DecodeBody = Static<typeof DecodeBody>;

export const DecodeResponse = Type.Object({
  decoded: Type.String(),
  keyed: Type.Boolean(),
  stats: Type.Object({ decodedLength: Type.Integer() }),
  watermarks: Type.Optional(
    Type.Array(Type.Object({ decoded: Type.String(), keyed: Type.Boolean() }), {
      description: 'every watermark found, in text order; the first one is `decoded`',
    }),
  ),
});

export const DecodeRobustResponse = Type.Object({
  decoded: Type.String(),
  keyed: Type.Boolean(),
  is_encoded: Type.Boolean(),
  bits_recovered: Type.Integer(),
  confidence: Type.Number(),
  stats: Type.Object({
    extracted_bit_count: Type.Integer(),
    reconstructed_char_count: Type.Integer(),
    copies_found: Type.Optional(Type.Integer()),
    copies_agreeing: Type.Optional(Type.Integer()),
  }),
});

export const AnalyzeBody = Type.Object({
  encoded: Text('text to analyse'),
  original: Type.Optional(Text('the carrier before encoding, for the ratio')),
});
export type AnalyzeBody = Static<typeof AnalyzeBody>;

export const AnalyzeResponse = Type.Object({
  original_length: Type.Integer(),
  encoded_length: Type.Integer(),
  encoded_bytes: Type.Integer(),
  ratio: Type.Number(),
  base_characters: Type.Integer(),
  variation_selectors: Type.Integer(),
});

export const LegacyEncodeBody = Type.Object({
  original_text: Text('visible carrier text (= text)'),
  payload: Text('payload to hide (= secret)'),
  ...EncodeOptions,
});
export type LegacyEncodeBody = Static<typeof LegacyEncodeBody>;
