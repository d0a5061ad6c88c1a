import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { OperationBackend } from '../ops/backend.js';
import { inputFieldsOf } from '../ops/input-fields.js';
import type { OperationResults } from '../ops/operations.js';
import { codecInputOf } from '../ops/wire.js';
import { VERSION } from '../version.js';
import { describeFailureOf, type DescribeFailure } from './failure-text.js';
import { hiddenTagNote } from './hidden-tag-note.js';
import { toolsFor, type ToolDefinition } from './tools.js';

export interface McpServerOptions {
  /** the tools of the operations that need an account (issue_copies, …) are offered when it knows one */
  backend: OperationBackend;
  /** the face's own wording of its errors (the server's domain errors), tried before the codec's and the client's */
  describeFailure?: DescribeFailure;
  /** a line for the operator: stderr for stdio (stdout is the protocol), the server log for /mcp */
  log: (line: string) => void;
}

/** What the server tells an assistant: what wm is, and each of the backend's tools by its row's title. */
function instructionsOf(tools: readonly ToolDefinition[]): string {
  const own = tools.filter((tool) => tool.name === tool.operation);
  const hosted = tools.filter((tool) => tool.name !== tool.operation);
  return (
    'wm hides a secret inside ordinary text with invisible Unicode characters and recovers it later. Its tools: ' +
    own.map((tool) => `${tool.name} (${tool.title.charAt(0).toLowerCase()}${tool.title.slice(1)})`).join(', ') +
    (hosted.length > 0
      ? `; the hosted service's names ${hosted.map((tool) => `${tool.name} (${tool.operation})`).join(', ')}`
      : '') +
    '. Give out a returned text exactly as returned: the marks are invisible characters.'
  );
}

// The SDK would build a validator (a new Ajv) for every Server; /mcp builds a Server per request, so share one.
let sharedValidator: AjvJsonSchemaValidator | undefined;

const errorResult = (message: string, structuredContent?: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
  ...(structuredContent ? { structuredContent } : {}),
});

/** The answer with a sentence more for the reader (a decode's note of hidden tag text), after what it says. */
const withNote = (result: CallToolResult, note: string): CallToolResult =>
  note ? { ...result, content: [...result.content, { type: 'text', text: note }] } : result;

/**
 * JSON, as the REST response is: fields left undefined are absent; serialised once for both forms (a large answer
 * costs each pass over it in time the event loop is held).
 */
function answerOf(result: object): CallToolResult & { structuredContent: Record<string, unknown> } {
  const json = JSON.stringify(result);
  return { content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) as Record<string, unknown> };
}

/**
 * The MCP server of the watermark tools over one backend: tools/list with input and output schemas and
 * annotations; tools/call answers `structuredContent` equal to the REST response of the same operation. A tool
 * that fails (bad arguments, no watermark, wrong key, out of credits, …) answers `isError` with a message; only
 * an unknown tool is a protocol error.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const { backend, log } = options;
  const tools = toolsFor(backend);
  const instructions = instructionsOf(tools);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const ownWording = describeFailureOf(backend);
  const describe = (error: unknown, fields: readonly string[]) =>
    options.describeFailure?.(error, fields) ?? ownWording(error, fields);

  const server = new Server(
    { name: 'wm', title: 'wm — invisible text watermarks', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions,
      jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema: inputSchema as { type: 'object' },
      outputSchema: outputSchema as { type: 'object' },
      annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const args = request.params.arguments ?? {};
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const problem = tool.problemOf(args);
    if (problem !== undefined) return errorResult(problem);
    const input = tool.toInput(args);
    const outcome = await attempt(tool.name, inputFieldsOf(tool.operation), () =>
      backend.run(tool.operation, codecInputOf(input)),
    );
    const note = hiddenTagNote(tool.operation, (input as { text?: unknown }).text);
    if ('error' in outcome) return withNote(outcome.error, note);
    const result: OperationResults[typeof tool.operation] = outcome.result;
    const answer = answerOf(result);
    if ('is_encoded' in result && !result.is_encoded) {
      return withNote(errorResult('No watermark found in text (no robust marks)', answer.structuredContent), note);
    }
    return withNote(answer, note);
  });

  /** The result, or the failure as a tool error (an unexpected one logged, its details kept from the caller). */
  async function attempt<T>(
    name: string,
    fields: readonly string[],
    run: () => Promise<T>,
  ): Promise<{ result: T } | { error: CallToolResult }> {
    try {
      return { result: await run() };
    } catch (error) {
      const message = describe(error, fields);
      if (message !== undefined) return { error: errorResult(message) };
      log(`wm mcp: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { error: errorResult(`internal error in ${name}`) };
    }
  }
  return server;
}
