import type { AccountOperationName } from '../../domain/operation-rules.js';
import type { OperationResults } from '../../ops/operations.js';
import { formatJson } from '../codec/format.js';
import { writeOutput } from '../codec/io.js';
import { rowCommandInputOf } from '../codec/operation-input.js';
import { ROW_COMMANDS } from '../codec/options.generated.js';
import { CliError, EXIT } from '../errors.js';
import { copiesBackendFor } from './backend.js';
import { ACCOUNT_COMMAND_HOOKS, type AccountCommandOptions } from './hooks.js';
import { plainLines } from './plain-lines.js';

/**
 * Runs the command of account operation NAME (wm copies …, wm trace) as its row defines it: the input from its
 * argument (a file's text, or the value) and flags, on the backend the options choose (offline or a server), its
 * result printed (--json: the operation's answer as every face gives it). A command with a behaviour of its own does
 * it through its hook (./hooks.ts): the whole run (issue, preview), its printing, its exit code (trace).
 */
export async function runAccountCommand<N extends AccountOperationName>(
  name: N,
  argument: string | undefined,
  options: AccountCommandOptions,
): Promise<void> {
  const spec = ROW_COMMANDS[name];
  if (!spec) throw new Error(`${name} has no command`);
  const inputOf = () => rowCommandInputOf<N>(spec, argument, options);
  const hook = ACCOUNT_COMMAND_HOOKS[name];
  if (hook?.run) return hook.run(inputOf, argument, options);
  const input = await inputOf();
  for (const option of spec.options) {
    const count = ((input as Record<string, unknown>)[option.input] as unknown[] | undefined)?.length ?? 0;
    if (option.repeatable && count < option.repeatable.min)
      throw new CliError(EXIT.USAGE, `give ${option.flags.split(' ')[0]} at least ${option.repeatable.min} times`);
  }
  const backend = await copiesBackendFor(options);
  const result: OperationResults[N] = await backend.run(name, input);
  await writeOutput(options.json ? formatJson(result) : (hook?.format?.(result) ?? plainLines(result)), options.out);
  const exitCode = hook?.exitCode?.(result) ?? EXIT.OK;
  if (exitCode !== EXIT.OK) throw new CliError(exitCode, '');
}
