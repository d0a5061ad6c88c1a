import { Option, type Command } from 'commander';
import { collect, parseInteger } from './codec/option-parsers.js';
import { OPERATION_COMMANDS } from './codec/options.generated.js';
import { CliError, EXIT } from './errors.js';

// Option definitions only: each action imports its implementation when it runs. The summaries and the --json shapes
// of the operations' results come from their rows (./codec/options.generated.ts).

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

function parseDocumentId(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new CliError(EXIT.USAGE, `--document takes a document id as issue and list print it, not "${value}"`);
  }
  return value;
}

export function registerCopies(program: Command): void {
  const copies = program
    .command('copies')
    .summary('issue a marked copy of a document to each recipient; list what was issued')
    .description(
      'Give each recipient a copy marked with its own random copy id (keyed VS frames every few sentences and a ' +
        'keyed robust mark, sealed with the account’s copy-mark key), and record who got which, so that `wm trace` ' +
        "can tell whose copy leaked. Offline the records are in the data folder's database, with no set-up: the " +
        'first issue makes the folder and its operator account (--user EMAIL names another account); with ' +
        '--server or --remote, on that server (one credit per copy).',
    );
  addWhereOptions(
    copies
      .command('issue')
      .summary('write one marked copy per recipient')
      .description(
        'Write one marked copy of FILE per recipient into DIR, named after the file and the recipient ' +
          '(memo.alice@example.com.txt), and print recipient, copy id and file per copy.',
      )
      .argument('[file]', 'the document (default: standard input; "-" also means standard input)')
      .option('--to <recipient>', 'a recipient’s label: an email address, a name (repeatable)', collect)
      .option('--to-file <file>', 'recipients, one a line (blank lines and lines starting with # skipped)')
      .option('-o, --out-dir <dir>', 'the folder the copies are written to (created if missing)')
      .option('--name <name>', 'the document’s name in the records (default: the file’s name)')
      .option(
        '--variants',
        'visible variants too: each copy also differs in small standard forms (toward/towards, the serial comma…), ' +
          'so a leak stripped of every invisible character still names its recipient',
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
      )
      .option(
        '--json',
        'print {document, copies: [{copy_id, recipient, marks, variants?, file}]} as JSON; with --dry-run, ' +
          OPERATION_COMMANDS.preview_copies.json,
      ),
  ).action(async (file: string | undefined, options) =>
    (await import('./copies/issue.js')).runCopiesIssue(file, options),
  );
  addWhereOptions(
    copies
      .command('list')
      .summary(OPERATION_COMMANDS.list_copies.summary)
      .addOption(
        new Option('--document <id>', 'one document, with each copy and its recipient').argParser(parseDocumentId),
      )
      .option(
        '--json',
        `print ${OPERATION_COMMANDS.list_copies.json} as JSON (the HTTP response of GET /api/v2/copies)`,
      ),
  ).action(async (options) => (await import('./copies/list.js')).runCopiesList(options));
}

export function registerTrace(program: Command): void {
  addWhereOptions(
    program
      .command('trace')
      .summary(OPERATION_COMMANDS.trace.summary)
      .description(
        'Say which recipient’s copy a leaked text is, among your issued copies: a recipient is named only from copy ' +
          'marks that authenticate in a text sharing enough of their document (several: their copies were ' +
          'spliced), with the evidence. Without any mark left, the fingerprint of the visible text names the ' +
          `document, and the recipient cannot be told. Exit 0: a recipient named; ${EXIT.DOCUMENT_ONLY}: the ` +
          `document only; ${EXIT.UNCONFIRMED_MARK}: a copy mark in a text unlike its document (names no one); ` +
          `${EXIT.TOO_SHORT}: too short to tell; ${EXIT.NO_WATERMARK}: nothing of yours.`,
      )
      .argument('[file]', 'the leaked text (default: standard input; "-" also means standard input)')
      .option('-o, --out <file>', 'write the answer to FILE atomically instead of standard output')
      .option('--json', `print ${OPERATION_COMMANDS.trace.json} as JSON (the HTTP response)`),
  ).action(async (file: string | undefined, options) => (await import('./copies/trace.js')).runTrace(file, options));
}
