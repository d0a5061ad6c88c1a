import { describeFailure } from '../errors.js';
import { runMcp, type McpCommandOptions } from './serve-stdio.js';

/**
 * `wm mcp` as the CLI calls it. The build bundles this file apart from the rest of the CLI (with the MCP SDK, zod
 * and TypeBox inside, which start several times faster from one file than from node_modules, and which the
 * codec commands must not pay for), so its failures are described here, where their classes are, and handed
 * over as plain values.
 */
export async function runMcpCommand(
  options: McpCommandOptions,
): Promise<{ exitCode: number; message: string } | undefined> {
  try {
    await runMcp(options);
    return undefined;
  } catch (error) {
    if (process.env.WM_DEBUG === '1' && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return describeFailure(error);
  }
}
