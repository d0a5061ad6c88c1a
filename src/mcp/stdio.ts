import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './server.js';

/**
 * Stdout is the protocol channel: whatever a dependency might print with console.log goes to stderr instead, so
 * that only JSON-RPC messages ever reach stdout.
 */
function keepStdoutForProtocol(): void {
  const toStderr = (...values: unknown[]) => console.error(...values);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}

/** Serves the tools over stdin/stdout until stdin ends (the client closed the pipe); calls in flight still finish. */
export async function serveStdio(options: McpServerOptions): Promise<void> {
  keepStdoutForProtocol();
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.connect(transport);
  await ended;
}
