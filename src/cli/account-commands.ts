import { Argument, Option, type Command } from 'commander';
import type { AccountOperationName } from '../domain/operation-rules.js';
import { optionOf } from './codec/operation-options.js';
import { parseInteger, parseText } from './codec/option-parsers.js';
import type { AccountCommandSpec } from './codec/option-spec.js';
import { ACCOUNT_COMMANDS, OPERATION_COMMANDS } from './codec/options.generated.js';
import { EXIT } from './errors.js';

// The commands of the account operations (wm copies …, wm trace), defined from their rows (the generated
// ACCOUNT_COMMANDS: words, argument, flags; OPERATION_COMMANDS: summary, description, --json shape) and run by one
// runner (./copies/run.ts). What is written here is a command's own: where it runs, and the flags of the few
// commands with a behaviour of their own (issue's output folder and visible variants, trace's output file).

const USER_HELP =
  'offline: the account whose copies these are (default: the data folder’s operator account, made by the first issue)';

/**
 * Where the command runs: offline in the data folder's database (its operator account's copies, or --user's), or on
 * a server like the codec commands.
 */
const addWhereOptions = (command: Command): Command =>
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

/** What a command with a behaviour of its own adds to its definition (its runner's hook: ./copies/hooks.ts). */
interface OwnFlags {
  /** flags that are no field of the operation */
  flags?(command: Command): Command;
  /** said after the row's description */
  help?: string;
  /** the --json help, where the command prints another object than the operation's result */
  json?: string;
}

const OWN_FLAGS: { [N in AccountOperationName]?: OwnFlags } = {
  issue_copies: {
    flags: (command) =>
      command
        .option('--to-file <file>', 'recipients, one a line (blank lines and lines starting with # skipped)')
        .option('-o, --out-dir <dir>', 'the folder the copies are written to (created if missing)')
        .option(
          '--variants',
          'visible variants too: each copy also differs in small standard forms (toward/towards, the serial ' +
            'comma…), so a leak stripped of every invisible character still names its recipient',
        )
        .option(
          '--classes <ids>',
          'with --variants: only these variant classes, comma-separated ids (default: every class on by default; ' +
            'the ids and their examples: docs/TRACING.md, "The classes")',
        )
        .addOption(
          new Option(
            '--colluders <n>',
            'with --variants: the largest group of recipients mixing their copies that a leak must still name one of',
          ).argParser((value) => parseInteger(value, 1, Number.MAX_SAFE_INTEGER)),
        )
        .option(
          '--dry-run',
          `with --variants: print the sites, the capacity and each copy's differences, writing, recording and ` +
            `charging nothing (exit ${EXIT.USAGE} when an issue would be refused); -o is not needed`,
        ),
    help:
      'Writes one marked copy of FILE per recipient into DIR, named after the file and the recipient ' +
      '(memo.alice@example.com.txt), and prints recipient, copy id and file per copy.',
    json:
      'print {document, copies: [{copy_id, recipient, marks, variants?, file}]} as JSON; with --dry-run, ' +
      OPERATION_COMMANDS.preview_copies.json,
  },
  trace: {
    flags: (command) => command.option('-o, --out <file>', 'write the answer to FILE atomically'),
    help:
      `Exit 0: a recipient named; ${EXIT.DOCUMENT_ONLY}: the document only; ${EXIT.UNCONFIRMED_MARK}: a copy ` +
      `mark in a text unlike its document (names no one); ${EXIT.TOO_SHORT}: too short to tell; ` +
      `${EXIT.NO_WATERMARK}: nothing of yours.`,
  },
};

function defineCommand(parent: Command, name: AccountOperationName, spec: AccountCommandSpec): void {
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
  addWhereOptions(command).option(
    '--json',
    own.json ?? `print ${json} as JSON${spec.http ? ` (the answer of ${spec.http})` : ''}`,
  );
  command.action(async (...args: unknown[]) => {
    const options = (args[args.length - 1] as Command).opts();
    const value = argument ? (args[0] as string | undefined) : undefined;
    await (await import('./copies/run.js')).runAccountCommand(name, value, options);
  });
}

/** Every account operation's command whose first word is ROOT, under it when it has more words. */
function registerAccountCommands(program: Command, root: string, group?: (command: Command) => Command): void {
  const specs = Object.entries(ACCOUNT_COMMANDS).filter(([, spec]) => spec.words[0] === root) as [
    AccountOperationName,
    AccountCommandSpec,
  ][];
  const parent = group ? group(program.command(root)) : program;
  for (const [name, spec] of specs) defineCommand(parent, name, spec);
}

export const registerCopies = (program: Command): void =>
  registerAccountCommands(program, 'copies', (copies) =>
    copies
      .summary('issue a marked copy of a document to each recipient; list what was issued')
      .description(
        'Give each recipient a copy marked with its own random copy id (keyed VS frames every few sentences and a ' +
          'keyed robust mark, sealed with the account’s copy-mark key), and record who got which, so that ' +
          "`wm trace` can tell whose copy leaked. Offline the records are in the data folder's database, with no " +
          'set-up: the first issue makes the folder and its operator account (--user EMAIL names another account); ' +
          'with --server or --remote, on that server (one credit per copy).',
      ),
  );

export const registerTrace = (program: Command): void => registerAccountCommands(program, 'trace');
