import { Type } from '@sinclair/typebox';
import { C2pa, RawRuns } from '../../ops/schemas.js';
import { ErrorResponse } from './common.js';

// The bodies and responses of the watermark routes are the operations' input and result schemas (src/ops).

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
