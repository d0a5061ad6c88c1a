import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../src/ops/operations.js';
import { bearer, createApiToken, makeServer, signUp, type TestServer } from './harness.js';

// One policy for unknown input fields, on every row and every face (docs/SERVER.md, "Decisions"): a field the
// operation does not declare is ignored, never refused, so a client written for a newer wm keeps working. Each row
// is asked twice, with and without such a field, and must answer alike.

const CARRIER = 'The quick brown fox jumps over the lazy dog, and then it naps in the warm afternoon sun. ';
const UNKNOWN = { a_field_of_a_newer_client: 'ignored', anotherOne: 42 };

/** A value for each required field of SCHEMA, made from the schema alone: a row needs no case of its own here. */
function sampleOf(schema: TSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const sample: Record<string, unknown> = {};
  for (const field of schema.required ?? []) {
    const property = properties[field];
    if (property.enum) sample[field] = property.enum[0];
    else if (property.type === 'array') sample[field] = ['alice@example.com'];
    else if (property.type === 'integer' || property.type === 'number') sample[field] = property.minimum ?? 1;
    else if (property.type === 'boolean') sample[field] = false;
    // a text long enough for every operation, a short secret
    else sample[field] = field === 'secret' ? 'ID-42' : CARRIER.repeat(4);
  }
  return sample;
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await makeServer();
  token = (await createApiToken(server, await signUp(server, { plan: 'starter' }))).token;
});
afterAll(() => server.close());

/** What is compared of two answers: the status, and the whole body where the operation is deterministic. */
const outcome = (name: OperationName, status: number, body: unknown) =>
  OPERATIONS[name].deterministic || status !== 200 ? { status, body } : { status };

async function rest(name: OperationName, values: Record<string, unknown>) {
  const { method, path } = OPERATIONS[name].http!;
  const query = new URLSearchParams(
    Object.entries(values).map(([field, value]): [string, string] => [field, String(value)]),
  );
  const response = await server.app.inject({
    method,
    url: method === 'GET' ? `${path}?${query.toString()}` : path,
    ...(method === 'GET' ? {} : { payload: values }),
    headers: bearer(token),
  });
  return outcome(name, response.statusCode, response.json());
}

async function mcp(name: OperationName, args: Record<string, unknown>) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...bearer(token), accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  const { result } = response.json() as { result: { isError?: boolean; content: { text: string }[] } };
  return outcome(name, result.isError ? 400 : 200, result.isError ? result.content[0].text : result);
}

describe('every row ignores input fields it does not declare', () => {
  const served = OPERATION_NAMES.filter((name) => OPERATIONS[name].http);

  it.each(served)('REST: %s', async (name) => {
    const input = sampleOf(OPERATIONS[name].input);
    const plain = await rest(name, input);
    expect(await rest(name, { ...input, ...UNKNOWN })).toEqual(plain);
    // the sample is real input: most rows succeed with it, and none is refused for a field
    expect(JSON.stringify(plain)).not.toMatch(/a_field_of_a_newer_client|anotherOne|additional/);
  });

  it.each(OPERATION_NAMES)('MCP (/mcp): %s', async (name) => {
    const input = sampleOf(OPERATIONS[name].input);
    const plain = await mcp(name, input);
    expect(await mcp(name, { ...input, ...UNKNOWN })).toEqual(plain);
    expect(JSON.stringify(plain)).not.toMatch(/a_field_of_a_newer_client|anotherOne|additional/);
  });
});
