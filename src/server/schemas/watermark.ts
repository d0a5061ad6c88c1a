import { Type, type Static } from '@sinclair/typebox';
import {
  C2pa,
  DecodeOptions,
  DecodeRobustOptions,
  EncodeOptions,
  RawRuns,
  RobustOptions,
  SignOptions,
} from '../../ops/schemas.js';
import { ErrorResponse } from './common.js';

// The responses are the operations' results, defined once with the operations (src/ops).
export {
  AnalyzeResult as AnalyzeResponse,
  DecodeResult as DecodeResponse,
  DecodeRobustResult as DecodeRobustResponse,
  EncodeResult as EncodeResponse,
  EncodeRobustResult as EncodeRobustResponse,
} from '../../ops/schemas.js';

const Text = (description: string) => Type.String({ description });

export const EncodeBody = Type.Object({
  text: Text('visible carrier text'),
  secret: Text('payload to hide'),
  ...EncodeOptions,
  ...SignOptions,
});
export type EncodeBody = Static<typeof EncodeBody>;

export const EncodeRobustBody = Type.Object({
  text: Type.Optional(Text('carrier; at least 8 bytes per secret byte (required unless visible_text is sent)')),
  secret: Type.Optional(Text('payload (required unless hidden_text is sent)')),
  visible_text: Type.Optional(Text('another spelling of text, sent by existing clients')),
  hidden_text: Type.Optional(Text('another spelling of secret, sent by existing clients')),
  ...RobustOptions,
  ...SignOptions,
});
export type EncodeRobustBody = Static<typeof EncodeRobustBody>;

export const DecodeBody = Type.Object({ text: Text('text that may carry a watermark'), ...DecodeOptions });
export type DecodeBody = Static<typeof DecodeBody>;

export const DecodeRobustBody = Type.Object({
  text: Text('text that may carry a robust watermark'),
  ...DecodeRobustOptions,
});
export type DecodeRobustBody = Static<typeof DecodeRobustBody>;

export const AnalyzeBody = Type.Object({
  encoded: Text('text to analyse'),
  original: Type.Optional(Text('the carrier before encoding, for the ratio')),
});
export type AnalyzeBody = Static<typeof AnalyzeBody>;

export const LegacyEncodeBody = Type.Object({
  original_text: Text('visible carrier text (= text)'),
  payload: Text('payload to hide (= secret)'),
  ...EncodeOptions,
  ...SignOptions,
});
export type LegacyEncodeBody = Static<typeof LegacyEncodeBody>;

/**
 * 422 of decode and decode-robust: the spec's error body, with the codec's error code, and what the text carries
 * beside: its C2PA manifest, its unframed selector runs.
 */
export const CannotReadResponse = Type.Composite(
  [
    ErrorResponse,
    Type.Object({
      code: Type.Optional(
        Type.String({
          description:
            'NO_WATERMARK, CORRUPTED, KEY_REQUIRED, KEY_MISMATCH, or UNKEYED: a keyed token, and the ' +
            'watermarks found are not keyed (accept_unkeyed reads them)',
        }),
      ),
      c2pa: Type.Optional(C2pa),
      raw_runs: Type.Optional(RawRuns),
    }),
  ],
  { additionalProperties: true, description: 'Unprocessable Entity' },
);
