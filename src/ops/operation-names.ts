/**
 * The operations' names, without their schemas: what the offline codec commands may load (no TypeBox). The rows
 * are in ./operations.ts.
 */

/** The operations on an account's records (the issued copies: docs/TRACING.md): no codec alone runs them. */
export const ACCOUNT_OPERATION_NAMES = ['issue_copies', 'trace', 'list_copies'] as const;
export type AccountOperationName = (typeof ACCOUNT_OPERATION_NAMES)[number];

/** The operations a codec runs alone, offline or on a server: the `wm` codec commands. */
export const CODEC_OPERATION_NAMES = [
  'encode',
  'decode',
  'encode_robust',
  'decode_robust',
  'analyze',
  'strip',
  'reveal',
] as const;
export type CodecOperationName = (typeof CODEC_OPERATION_NAMES)[number];

export const OPERATION_NAMES = [...CODEC_OPERATION_NAMES, ...ACCOUNT_OPERATION_NAMES] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];
