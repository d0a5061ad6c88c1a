import type { AccountOperationName } from '../../domain/operation-rules.js';
import type { CodecInputs, OperationResults } from '../../ops/operations.js';
import type { CopiesOptions } from './backend.js';
import { runCopiesIssue, runCopiesPreview } from './issue.js';
import { formatList } from './list.js';
import { formatTrace, traceExitCode } from './trace.js';

/** The options of an account command: where it runs, --json, and every flag it has (by commander's key). */
export interface AccountCommandOptions extends CopiesOptions {
  json?: boolean;
  out?: string;
  [flag: string]: unknown;
}

/** What an account command does beyond printing its operation's result (./run.ts runs it). */
export interface AccountCommandHook<N extends AccountOperationName> {
  /**
   * the whole run, with the input its argument and flags make (INPUTOF reads the file, once the command's own
   * checks pass): issue writes a folder of copies, preview prints each site where the text shows it
   */
  run?(
    inputOf: () => Promise<CodecInputs[N]>,
    argument: string | undefined,
    options: AccountCommandOptions,
  ): Promise<void>;
  /** its lines for a person (default: every field, ./plain-lines.ts) */
  format?(result: OperationResults[N]): string[];
  /** its exit code by result (default 0): trace's, by verdict */
  exitCode?(result: OperationResults[N]): number;
}

export const ACCOUNT_COMMAND_HOOKS: { [N in AccountOperationName]?: AccountCommandHook<N> } = {
  issue_copies: { run: runCopiesIssue },
  preview_copies: { run: runCopiesPreview },
  trace: { format: formatTrace, exitCode: traceExitCode },
  list_copies: { format: formatList },
};
