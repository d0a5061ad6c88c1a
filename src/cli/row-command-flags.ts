import { InvalidArgumentError, Option, type Command } from 'commander';
import type { OperationName } from '../domain/operation-rules.js';
import { addRemoteOptions } from './codec/command-flags.js';
import { parseInteger } from './codec/option-parsers.js';
import { OPERATION_COMMANDS, OPERATION_OPTIONS } from './codec/options.generated.js';
import { EXIT } from './errors.js';

/**
 * What a command made from its row (./row-commands.ts) has of its own beside the row's argument and flags: flags that
 * are no field of the operation, or that give a field otherwise (`own` in the row), where it runs, and its runner
 * when it is not the account commands' (./copies/run.ts).
 */
export interface OwnFlags {
  /** flags that are no field of the operation */
  flags?(command: Command): Command;
  /** said after the row's description */
  help?: string;
  /** the --json help, where the command prints another object than the operation's result */
  json?: string;
  /** its flags of where it runs (default: an account command's, offline in the data folder or on a server) */
  where?(command: Command): Command;
  /** its runner (default: the account commands'), imported when it runs */
  run?: (argument: string | undefined, options: Record<string, unknown>) => Promise<void>;
}

const addRecipientsFile = (command: Command): Command =>
  command.option('--to-file <file>', 'recipients, one a line (blank lines and lines starting with # skipped)');

/** The shape of visible variant copies: which classes, against how many colluders (docs/TRACING.md). */
const addVariantsShape = (command: Command, prefix: string): Command =>
  command
    .option(
      '--classes <ids>',
      `${prefix}only these variant classes, comma-separated ids (default: every class on by default; the ids and ` +
        'their examples: docs/TRACING.md, "The classes")',
    )
    .addOption(
      new Option(
        '--colluders <n>',
        `${prefix}the largest group of recipients mixing their copies that a leak must still name one of`,
      ).argParser((value) => parseInteger(value, 1, Number.MAX_SAFE_INTEGER)),
    );

/**
 * The row's --action, repeatable: offline the C2PA package declares any number of actions after c2pa.created, where
 * the operation (a server, MCP) takes one. Its name, help and choices are the row's; c2pa.published is published.
 */
function repeatableAction(): Option {
  const row = OPERATION_OPTIONS.c2pa_sign.find((option) => option.field === 'action');
  const choices = row?.choices;
  if (!row || !choices) throw new Error('c2pa_sign has no action to choose');
  return new Option(row.flags, `${row.help} (repeatable offline; one on a server)`)
    .choices(choices)
    .argParser((value, previous: string[] | undefined) => {
      const name = value.replace(/^c2pa\./, '');
      if (!choices.includes(name))
        throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')} (c2pa.created is always the first).`);
      return [...(previous ?? []), name];
    });
}

export const OWN_FLAGS: { [N in OperationName]?: OwnFlags } = {
  issue_copies: {
    flags: (command) =>
      addVariantsShape(
        addRecipientsFile(command)
          .option('-o, --out-dir <dir>', 'the folder the copies are written to (created if missing)')
          .option(
            '--variants',
            'visible variants too: each copy also differs in small standard forms (toward/towards, the serial ' +
              'comma…), so a leak stripped of every invisible character still names its recipient',
          ),
        'with --variants: ',
      ).option(
        '--dry-run',
        `with --variants: what \`wm copies preview\` prints, writing, recording and charging nothing (exit ` +
          `${EXIT.USAGE} when an issue would be refused); -o is not needed`,
      ),
    help:
      'Writes one marked copy of FILE per recipient into DIR, named after the file and the recipient ' +
      '(memo.alice@example.com.txt), and prints recipient, copy id and file per copy.',
    json:
      'print {document, copies: [{copy_id, recipient, marks, variants?, file}]} as JSON; with --dry-run, ' +
      OPERATION_COMMANDS.preview_copies.json,
  },
  preview_copies: {
    flags: (command) => addVariantsShape(addRecipientsFile(command), ''),
    help:
      'Prints each site at its line:column of FILE with the text there, the capacity, and each recipient’s ' +
      `differences; exit ${EXIT.USAGE} with the refusal's numbers when an issue would be refused. ` +
      '`wm copies issue --variants --dry-run` is the same.',
  },
  trace: {
    flags: (command) => command.option('-o, --out <file>', 'write the answer to FILE atomically'),
    help:
      `Exit 0: a recipient named; ${EXIT.DOCUMENT_ONLY}: the document only; ${EXIT.UNCONFIRMED_MARK}: a copy ` +
      `mark in a text unlike its document (names no one); ${EXIT.TOO_SHORT}: too short to tell; ` +
      `${EXIT.NO_WATERMARK}: nothing of yours.`,
  },
  c2pa_sign: {
    flags: (command) =>
      command
        .option('--key <file>', 'offline: the private key (PEM): NAME.key of `wm c2pa keygen`, or your own')
        .option('--cert <file>', "offline: the certificate chain (PEM), the signer's certificate first: NAME.crt")
        .addOption(repeatableAction())
        .option('-o, --out <file>', 'write the signed text to FILE atomically instead of standard output'),
    help:
      'Offline, signs with --key and --cert; with --server (or --remote), on the server with the certificate of ' +
      "the token's channel. Prints the signed text.",
    where: (command) => addRemoteOptions(command, { withHome: true }),
    run: async (file, options) => (await import('./c2pa/sign.js')).runC2paSign(file, options),
  },
};
