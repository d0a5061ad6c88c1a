import type { WmClient } from '../client/client.js';
import { backendOf, type OperationBackend } from './backend.js';
import { failureOfClientError, OperationFailure } from './failure.js';
import { keylessHandlers } from './local-backend.js';
import { inSchemaOrder } from './schema-order.js';
import { httpPathOf, inputFieldsOf, OPERATIONS, type CodecInputs, type OperationResults } from './operations.js';
import { wireInputOf } from './wire.js';

/** The field every result of the operation has: a 200 without it is not from a wm server. */
const RESULT_FIELD = {
  encode: 'encoded',
  decode: 'decoded',
  encode_robust: 'watermarked',
  decode_robust: 'is_encoded',
  analyze: 'encoded_bytes',
} as const;

type ServerOperation = keyof typeof RESULT_FIELD;

/**
 * The operations of a wm server through the HTTP client: the server applies the token's channel key and charges
 * credits. strip and reveal have no endpoint and need neither key nor account, so they run here. Failures are
 * OperationFailures.
 */
export function createRemoteBackend(client: WmClient): OperationBackend {
  async function call<N extends ServerOperation>(name: N, input: CodecInputs[N]): Promise<OperationResults[N]> {
    const path = httpPathOf(name);
    let result: OperationResults[N];
    try {
      result = await client.post<OperationResults[N]>(path, wireInputOf(input, inputFieldsOf(name)));
    } catch (error) {
      throw failureOfClientError(error);
    }
    if (!(RESULT_FIELD[name] in result)) {
      throw new OperationFailure(
        'not-wm-server',
        `${client.server} answered POST ${path} without ${RESULT_FIELD[name]}: not a wm server`,
      );
    }
    return inSchemaOrder(OPERATIONS[name].result, result) as OperationResults[N];
  }
  const remote =
    <N extends ServerOperation>(name: N) =>
    (input: CodecInputs[N]) =>
      call(name, input);
  return backendOf('remote', {
    encode: remote('encode'),
    decode: remote('decode'),
    encode_robust: remote('encode_robust'),
    decode_robust: remote('decode_robust'),
    analyze: remote('analyze'),
    ...keylessHandlers,
  });
}
