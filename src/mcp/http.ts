import * as streamableHttp from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, type McpServerOptions } from './server.js';

export interface McpHttpRequest {
  /** the absolute URL of the request */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** the JSON body, already parsed by the web server */
  body: unknown;
}

export interface McpHttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON (a JSON-RPC response or batch), or empty for a notification (202) */
  body: string;
}

/**
 * One POST of MCP's Streamable HTTP transport, stateless: a server and a transport for this request alone (the
 * caller has authenticated it and chosen the backend), answered as JSON rather than an event stream.
 */
export async function answerMcpPost(options: McpServerOptions, request: McpHttpRequest): Promise<McpHttpAnswer> {
  const server = createMcpServer(options);
  const transport = new streamableHttp.WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const response = await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), {
      parsedBody: request.body,
    });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  } finally {
    await server.close();
  }
}
