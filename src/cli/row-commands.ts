import { Argument, type Command } from 'commander';
import { isAccountOperation, type OperationName } from '../domain/operation-rules.js';
import { optionOf } from './codec/operation-options.js';
import { parseText } from './codec/option-parsers.js';
import type { RowCommandSpec } from './codec/option-spec.js';
import { OPERATION_COMMANDS, ROW_COMMANDS } from './codec/options.generated.js';
import { OWN_FLAGS } from './row-command-flags.js';

// The commands made from their rows (wm copies …, wm trace, wm c2pa sign): the generated ROW_COMMANDS (words,
// argument, flags) and OPERATION_COMMANDS (summary, description, --json shape), defined here by one function. What
// a command has of its own (flags, where it runs, its runner) is in ./row-command-flags.ts; the account commands run
// on one runner (./copies/run.ts).

const USER_HELP =
  'offline: the account whose copies these are (default: the data folder’s operator account, made by the first issue)';

/**
 * Where an account command runs: offline in the data folder's database (its operator account's copies, or --user's),
 * or on a server like the codec commands.
 */
const addAccountWhereOptions = (command: Command): Command =>
  command
    .option('--user <email>', USER_HELP)
    .option('--home <dir>', 'data folder of the database and the stored login (default: $WM_HOME, else ~/.wm)')
    .option(
      '--database <url>',
      'offline: a PostgreSQL URL instead of the data folder’s SQLite (default: $WM_DATABASE_URL)',
    )
    .option('--server <url>', 'run on this wm server instead of offline (default: $WM_SERVER)')
    .option('--token <token>', 'API token for --server (default: $WM_TOKEN, else the stored login for that server)')
    .option('--remote', 'run on the server of the stored login (wm login)');

/** The runner of every account command, imported when one runs (it is in the server's bundle). */
async function runAccount(name: OperationName, argument: string | undefined, options: Record<string, unknown>) {
  if (!isAccountOperation(name)) throw new Error(`${name} is no account operation: give its command a runner`);
  await (await import('./copies/run.js')).runAccountCommand(name, argument, options);
}

function defineCommand(parent: Command, name: OperationName, spec: RowCommandSpec): void {
  const { summary, description, json } = OPERATION_COMMANDS[name];
  const own = OWN_FLAGS[name] ?? {};
  const command = parent
    .command(spec.words[spec.words.length - 1])
    .summary(summary)
    .description(own.help ? `${description}\n\n${own.help}` : description);
  const { argument } = spec;
  if (argument) {
    const defined = new Argument(argument.name, argument.help);
    const { text } = argument;
    if (text) defined.argParser((value) => parseText(value, text));
    command.addArgument(defined);
  }
  for (const option of spec.options) command.addOption(optionOf(option));
  own.flags?.(command);
  (own.where ?? addAccountWhereOptions)(command).option(
    '--json',
    own.json ?? `print ${json} as JSON${spec.http ? ` (the answer of ${spec.http})` : ''}`,
  );
  const run = own.run ?? ((value, options) => runAccount(name, value, options));
  command.action(async (...args: unknown[]) => {
    const options = (args[args.length - 1] as Command).opts();
    await run(argument ? (args[0] as string | undefined) : undefined, options);
  });
}

const ROWS = Object.entries(ROW_COMMANDS) as [OperationName, RowCommandSpec][];

/** The commands made from rows whose words are GROUP's and one more, under GROUP: `wm copies issue`, `wm c2pa sign`. */
export function registerRowCommands(group: Command, words: readonly string[]): void {
  for (const [name, spec] of ROWS)
    if (spec.words.slice(0, -1).join(' ') === words.join(' ')) defineCommand(group, name, spec);
}

export const registerCopies = (program: Command): void =>
  registerRowCommands(
    program
      .command('copies')
      .summary('issue a marked copy of a document to each recipient (preview it first); list or forget them')
      .description(
        'Give each recipient a copy marked with its own random copy id (keyed VS frames every few sentences and a ' +
          'keyed robust mark, sealed with the account’s copy-mark key), and record who got which, so that ' +
          "`wm trace` can tell whose copy leaked. Offline the records are in the data folder's database, with no " +
          'set-up: the first issue makes the folder and its operator account (--user EMAIL names another account); ' +
          'with --server or --remote, on that server (one credit per copy).',
      ),
    ['copies'],
  );

/** `wm trace`: the one command made from a row that is one word. */
export function registerTrace(program: Command): void {
  const [name, spec] = ROWS.find(([, { words }]) => words.join(' ') === 'trace') ?? [];
  if (!name || !spec) throw new Error('no row has the command trace');
  defineCommand(program, name, spec);
}
