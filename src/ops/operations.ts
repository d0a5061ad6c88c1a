import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type {
  AnalyzeResult,
  DecodeResult,
  DecodeRobustResult,
  Distribution,
  EncodeResult,
  EncodeRobustResult,
  Method,
  OutputMode,
  RevealSegment,
  StealthLevel,
  StripResult,
} from 'wm-watermark-codec';
import { REQUIRED_PERMISSIONS, type Permission, type WatermarkOperation } from '../domain/types.js';
import * as results from './schemas.js';

/**
 * The watermark operations, once: name, description, input and result schemas, the REST endpoint and the
 * permission a server asks for. The CLI, `wm mcp` (stdio) and `/mcp` on `wm serve` are built from this table, and
 * every backend (local codec, HTTP client, domain) returns the result objects of the schemas here, so a CLI
 * `--json` object, a REST response and an MCP structuredContent are the same object.
 */

export const OPERATION_NAMES = [
  'encode',
  'decode',
  'encode_robust',
  'decode_robust',
  'analyze',
  'strip',
  'reveal',
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

export interface OperationInputs {
  encode: {
    text: string;
    secret: string;
    method?: Method;
    chunkSize?: number;
    firstLetterOnly?: boolean;
    markWordEnds?: boolean;
    lineEndsOnly?: boolean;
    output?: OutputMode;
    pattern?: string;
    bind_text?: boolean;
  };
  decode: { text: string; raw_runs?: boolean; accept_unkeyed?: boolean };
  encode_robust: {
    text: string;
    secret: string;
    distribution?: Distribution;
    stealth_level?: StealthLevel;
    mark_word_ends?: boolean;
    line_ends_only?: boolean;
    bind_text?: boolean;
  };
  decode_robust: { text: string; accept_unkeyed?: boolean };
  analyze: { encoded: string; original?: string };
  strip: { text: string };
  reveal: { text: string };
}

export interface OperationResults {
  encode: EncodeResult;
  decode: DecodeResult;
  encode_robust: EncodeRobustResult;
  decode_robust: DecodeRobustResult;
  analyze: AnalyzeResult;
  strip: StripResult;
  reveal: { segments: RevealSegment[]; text: string };
}

export interface Operation {
  name: OperationName;
  title: string;
  description: string;
  input: TObject;
  result: TSchema;
  /** the REST endpoint; strip and reveal have none (they need no key and no account) */
  path?: `/api/watermark/${string}`;
  /** the operation's name in the domain (charges, usage records, permissions) */
  charged?: WatermarkOperation;
  /** any one of these allows the operation on a server; none: every valid API token may */
  permissions: readonly Permission[];
  /** the same input always gives the same result (no random nonce or distribution) */
  deterministic: boolean;
}

const text = (description: string) => Type.String({ description });
const CARRIER = text('the visible text to hide the secret in');
const SECRET = text('the secret to hide (UTF-8)');
const MARKED = text('text that may carry a watermark');

const object = (properties: Record<string, TSchema>) => Type.Object(properties, { additionalProperties: false });

function charged<N extends OperationName>(name: N, operation: WatermarkOperation, path: string) {
  return {
    name,
    charged: operation,
    path: `/api/watermark/${path}` as const,
    permissions: REQUIRED_PERMISSIONS[operation],
  };
}

export const OPERATIONS: { readonly [N in OperationName]: Operation & { name: N } } = {
  encode: {
    ...charged('encode', 'encode', 'encode'),
    title: 'Hide a secret in text',
    description:
      'Hide a secret inside a text with invisible Unicode variation selectors. The returned `encoded` text looks ' +
      'exactly like the input; give it out instead of the original. Fails when the text is too short for the ' +
      'secret (the error gives the length needed).',
    input: object({ text: CARRIER, secret: SECRET, ...results.EncodeOptions, ...results.SignOptions }),
    result: results.EncodeResult,
    deterministic: false,
  },
  decode: {
    ...charged('decode', 'decode', 'decode'),
    title: 'Recover a hidden secret',
    description:
      'Recover the secret hidden by `encode` or `encode_robust`: every watermark of the text, each verified and ' +
      'of its `kind` (see `watermarks`); never a secret that was not embedded. Fails when the text holds no ' +
      'watermark, when it is damaged, when it was encrypted with another key or channel, or (with a key) when its ' +
      'watermarks are not keyed. Selector runs that are no watermark are listed in `raw_runs` and read only with ' +
      '`raw_runs: true`. A C2PA text manifest is no watermark: it is reported as `c2pa`.',
    input: object({ text: MARKED, ...results.DecodeOptions }),
    result: results.DecodeResult,
    deterministic: true,
  },
  encode_robust: {
    ...charged('encode_robust', 'encode-robust', 'encode-robust'),
    title: 'Hide a secret that survives lost text',
    description:
      'Hide a secret one bit per visible character, repeated as often as the text allows, so that it survives ' +
      'cropping, deletions and edits. Needs at least 8 bytes of text per byte of secret.',
    input: object({ text: CARRIER, secret: SECRET, ...results.RobustOptions, ...results.SignOptions }),
    result: results.EncodeRobustResult,
    deterministic: false,
  },
  decode_robust: {
    ...charged('decode_robust', 'decode-robust', 'decode-robust'),
    title: 'Recover a robust secret',
    description:
      'Recover the secret hidden by `encode_robust`, also from an excerpt or an edited copy. A text without ' +
      'robust marks is reported as an error with `is_encoded: false`.',
    input: object({ text: MARKED, ...results.DecodeRobustOptions }),
    result: results.DecodeRobustResult,
    deterministic: true,
  },
  analyze: {
    ...charged('analyze', 'analyze', 'analyze'),
    title: 'Count visible characters and hidden marks',
    description:
      'Count the visible graphemes and the hidden variation selectors of a text, and the size ratio to the ' +
      'original when it is given. Reveals sizes only, never the secret.',
    input: object({
      encoded: text('the text to analyse'),
      original: Type.Optional(text('the text before encoding, for the ratio')),
    }),
    result: results.AnalyzeResult,
    deterministic: true,
  },
  strip: {
    name: 'strip',
    title: 'Remove every hidden mark',
    description:
      'Remove every hidden mark from a text: variation selectors added by wm or other tools, zero-width ' +
      'characters, tag characters. Presentation selectors that belong to emoji stay, and so does a C2PA text ' +
      'manifest (reported in `kept`). Free, needs no key.',
    input: object({ text: text('the text to clean') }),
    result: results.StripResult,
    permissions: [],
    deterministic: true,
  },
  reveal: {
    name: 'reveal',
    title: 'Show hidden characters',
    description:
      'Show every invisible character of a text as a visible ⟨label⟩ token, e.g. ⟨VS·f7 00 02⟩ for hidden ' +
      'bytes, ⟨ZWJ⟩, or ⟨C2PA manifest v1, 67 bytes⟩ for a C2PA text manifest. Free, needs no key.',
    input: object({ text: text('the text to inspect') }),
    result: results.RevealResult,
    permissions: [],
    deterministic: true,
  },
};
