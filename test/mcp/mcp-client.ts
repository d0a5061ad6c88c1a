import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client on /mcp of a listening server, with an API token. */
export async function connectHttp(baseUrl: string, token: string, scheme = 'Bearer'): Promise<Client> {
  const client = new Client({ name: 'wm-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `${scheme} ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** tools/call, typed as the result of a tool (not a task). */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of an isError result. */
export function errorText(result: CallToolResult): string {
  if (!result.isError) throw new Error(`expected an error result, got ${JSON.stringify(result)}`);
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

export const TOOL_NAMES = [
  'encode',
  'decode',
  'encode_robust',
  'decode_robust',
  'analyze',
  'strip',
  'reveal',
  'c2pa_sign',
  'fast_encode',
  'fast_decode',
  'robust_encode',
  'robust_decode',
];

/** Offline, c2pa_sign is not offered: it signs with a channel's certificate, which only a server holds. */
export const OFFLINE_TOOL_NAMES = TOOL_NAMES.filter((name) => name !== 'c2pa_sign');
