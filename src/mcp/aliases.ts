import { Type, type TObject } from '@sinclair/typebox';
import { RobustOptions } from '../ops/schemas.js';
import type { OperationInputs, OperationName } from '../ops/operations.js';

/**
 * The tool and argument names of the hosted service's MCP client, so that an assistant configured for it keeps
 * working after switching to wm: each is one of our operations under another name.
 */
export interface Alias<N extends OperationName = OperationName> {
  name: string;
  operation: N;
  input: TObject;
  toInput: (args: Record<string, unknown>) => OperationInputs[N];
}

const text = (description: string) => Type.String({ description });
const object = (properties: Parameters<typeof Type.Object>[0]) =>
  Type.Object(properties, { additionalProperties: false });

const alias = <N extends OperationName>(definition: Alias<N>): Alias<N> => definition;

export const ALIASES: readonly Alias[] = [
  alias({
    name: 'fast_encode',
    operation: 'encode',
    input: object({ text: text('the visible text to hide the secret in'), secret: text('the secret to hide') }),
    toInput: (args) => ({ text: args.text as string, secret: args.secret as string }),
  }),
  alias({
    name: 'fast_decode',
    operation: 'decode',
    input: object({ text: text('text that may carry a watermark') }),
    toInput: (args) => ({ text: args.text as string }),
  }),
  alias({
    name: 'robust_encode',
    operation: 'encode_robust',
    input: object({
      visible_text: text('the visible text to hide the secret in (at least 8 bytes per secret byte)'),
      hidden_text: text('the secret to hide'),
      ...RobustOptions,
    }),
    toInput: ({ visible_text, hidden_text, distribution, stealth_level, mark_word_ends, line_ends_only }) => ({
      text: visible_text as string,
      secret: hidden_text as string,
      distribution: distribution as OperationInputs['encode_robust']['distribution'],
      stealth_level: stealth_level as OperationInputs['encode_robust']['stealth_level'],
      mark_word_ends: mark_word_ends as boolean | undefined,
      line_ends_only: line_ends_only as boolean | undefined,
    }),
  }),
  alias({
    name: 'robust_decode',
    operation: 'decode_robust',
    input: object({ text: text('text that may carry a robust watermark') }),
    toInput: (args) => ({ text: args.text as string }),
  }),
];
