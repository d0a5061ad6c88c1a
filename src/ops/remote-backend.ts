import type { WmClient } from '../client/client.js';
import { backendOf, type OperationBackend, type OperationHandlers } from './backend.js';
import { failureOfClientError, OperationFailure } from './failure.js';
import { keylessHandlers } from './local-backend.js';
import { inSchemaOrder } from './schema-order.js';
import { inputFieldsOf } from './input-fields.js';
import {
  OPERATION_NAMES,
  OPERATIONS,
  type CodecInputs,
  type OperationName,
  type OperationResults,
} from './operations.js';
import { wireInputOf } from './wire.js';

/** A GET's input as its query string. */
function queryOf(input: Record<string, unknown>): string {
  const entries = Object.entries(input).map(([field, value]): [string, string] => [field, String(value)]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

/**
 * The operations of a wm server through the HTTP client: each operation the table serves over REST is a request to
 * its method and path with its fields (a POST's body, a GET's query string); the server applies the token's channel
 * key and charges credits. strip and reveal have no endpoint and need neither key nor account, so they run here.
 * Failures are OperationFailures.
 */
export function createRemoteBackend(client: WmClient): OperationBackend {
  async function call<N extends OperationName>(name: N, input: CodecInputs[N]): Promise<OperationResults[N]> {
    const { result: schema, http } = OPERATIONS[name];
    const { method, path } = http!;
    const wire = wireInputOf(input, inputFieldsOf(name));
    let result: OperationResults[N];
    try {
      result =
        method === 'GET'
          ? await client.get<OperationResults[N]>(`${path}${queryOf(wire)}`)
          : await client.post<OperationResults[N]>(path, wire);
    } catch (error) {
      throw failureOfClientError(error);
    }
    // every result of the operation has its schema's first required field: a 200 without it is not from a wm server
    const expected = (schema.required as string[])[0];
    if (!(expected in result)) {
      throw new OperationFailure(
        'not-wm-server',
        `${client.server} answered ${method} ${path} without ${expected}: not a wm server`,
      );
    }
    return inSchemaOrder(schema, result) as OperationResults[N];
  }
  const handlers: Record<string, unknown> = { ...keylessHandlers };
  for (const name of OPERATION_NAMES) {
    if (OPERATIONS[name].http) handlers[name] = (input: CodecInputs[typeof name]) => call(name, input);
  }
  const missing = OPERATION_NAMES.filter((name) => !handlers[name]);
  if (missing.length > 0) throw new Error(`no remote handler for ${missing.join(', ')}: give it http or a local one`);
  return backendOf('remote', handlers as OperationHandlers, true);
}
