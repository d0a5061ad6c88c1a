import type { Command } from 'commander';
import { kebabNameOf, type CodecOperationName } from '../domain/operation-rules.js';
import { CHANNEL_DATABASE_HELP, DATABASE_HELP } from './database-options.js';
import { addOperationOptions } from './codec/operation-options.js';
import { collect, parseSeed } from './codec/option-parsers.js';
import { OPERATION_COMMANDS } from './codec/options.generated.js';
import { CliError, EXIT } from './errors.js';
import { registerC2pa } from './c2pa-commands.js';
import { addJsonOption, addRemoteOptions } from './codec/command-flags.js';
import { registerCopies, registerTrace } from './row-commands.js';
import { registerProbe } from './probe-commands.js';
import { addWalkOptions, registerScan } from './scan-commands.js';

// Only option definitions live here; each action imports its implementation when it runs, so `wm --help`
// and the other commands stay fast. An operation's command takes its name, summary, description, the flags of its
// input fields and the shape of its --json from the table of operations (./codec/options.generated.ts); what is
// written here is the command line's own: files, keys, the server, output, and what the command prints.

const addSecretOptions = (command: Command): Command =>
  command
    .option('--secret <secret>', 'the secret to hide (visible to other users in the process list)')
    .option('--secret-file <file>', 'read the secret from FILE (UTF-8; one trailing newline is removed)')
    .option('--secret-env <name>', 'read the secret from environment variable NAME');

const addKeyOptions = (command: Command): Command =>
  command
    .option('--key-file <file>', 'keyed mode (AES-256-GCM): 32-byte key from FILE, as written by `wm keygen`')
    .option('--channel <name>', 'keyed mode with the stored key of channel NAME (needs --user)')
    .option('--user <email>', 'owner of --channel')
    .option('--home <dir>', 'data folder of the channel keys and the stored login (default: $WM_HOME, else ~/.wm)')
    .option('--database <url>', CHANNEL_DATABASE_HELP);

/** --sign-key, and beside it the operation's own signing field (bind_text). */
const addSignOptions = (command: Command, operation: CodecOperationName): Command =>
  addOperationOptions(
    command.option(
      '--sign-key <file>',
      'sign the mark with the Ed25519 private key in FILE, as written by `wm keygen --sign`',
    ),
    operation,
    ['bind_text'],
  );

const KEYS_HELP =
  'a key set (wm-keys.json: a file, or an https:// address such as https://SERVER/.well-known/wm-keys.json, ' +
  'fetched and cached) or NAME.pub (repeatable)';
const INSECURE_HELP = 'also fetch --keys from http:// addresses (a key set in plain HTTP can be swapped on its way)';

const addVerifyKeysOption = (command: Command): Command =>
  command
    .option('--keys <file|url>', `verify signed marks with these public keys: ${KEYS_HELP}`, collect)
    .option('--insecure', INSECURE_HELP);

type TextCommandRunner<O> = (file: string | undefined, options: O) => Promise<void>;

/** The action of a command on a text: its implementation is imported only when the command runs. */
const runLazily =
  <O>(load: () => Promise<TextCommandRunner<O>>): TextCommandRunner<O> =>
  async (file, options) =>
    (await load())(file, options);

/**
 * The command of OPERATION, which reads FILE (or stdin) and writes to stdout or -o FILE: its name, summary and
 * description from the operation's row, and PRINTS, what the command prints.
 */
const textCommand = (program: Command, operation: CodecOperationName, prints: string): Command =>
  program
    .command(kebabNameOf(operation))
    .summary(OPERATION_COMMANDS[operation].summary)
    .description(`${OPERATION_COMMANDS[operation].description}\n\n${prints}`)
    .argument('[file]', 'input text file (default: standard input; "-" also means standard input)')
    .option('-o, --out <file>', 'write the result to FILE atomically instead of standard output');

function registerEncode(program: Command): void {
  const command = textCommand(program, 'encode', 'Prints the text with the marks, byte for byte otherwise unchanged.');
  addSecretOptions(command);
  addKeyOptions(command);
  addSignOptions(command, 'encode');
  addRemoteOptions(command, { withHome: false });
  addOperationOptions(command, 'encode');
  addJsonOption(command, 'encode').action(runLazily(async () => (await import('./codec/encode.js')).runEncode));
}

function registerDecode(program: Command): void {
  const command = textCommand(
    program,
    'decode',
    'Prints the first secret hidden in the text (a framed or a robust watermark, each verified), followed by a ' +
      'newline. Selector runs that are no watermark are never read as a secret unless --raw-runs.',
  );
  addKeyOptions(command);
  addVerifyKeysOption(command);
  addRemoteOptions(command, { withHome: false });
  command.option('--all', 'print every watermark found (framed and robust), one per line');
  addOperationOptions(command, 'decode');
  addJsonOption(command, 'decode').action(runLazily(async () => (await import('./codec/decode.js')).runDecode));
}

function registerAnalyze(program: Command): void {
  const command = textCommand(program, 'analyze', 'Prints them as a table.');
  addOperationOptions(command, 'analyze');
  addRemoteOptions(command, { withHome: true });
  addJsonOption(command, 'analyze').action(runLazily(async () => (await import('./codec/analyze.js')).runAnalyze));
}

function registerEncodeRobust(program: Command): void {
  const command = textCommand(program, 'encode_robust', 'Prints the text with the marks.');
  addSecretOptions(command);
  addKeyOptions(command);
  addSignOptions(command, 'encode_robust');
  addRemoteOptions(command, { withHome: false });
  addOperationOptions(command, 'encode_robust', ['distribution']).option(
    '--seed <n>',
    'seed for --distribution random (reproducible output)',
    parseSeed,
  );
  addOperationOptions(command, 'encode_robust');
  addJsonOption(command, 'encode_robust').action(
    runLazily(async () => (await import('./codec/encode-robust.js')).runEncodeRobust),
  );
}

function registerDecodeRobust(program: Command): void {
  const command = textCommand(
    program,
    'decode_robust',
    'Prints the (first) secret hidden by encode-robust, followed by a newline; ' +
      '--all: every robust watermark of the text, in order, one per line.',
  );
  addKeyOptions(command);
  addVerifyKeysOption(command);
  addRemoteOptions(command, { withHome: false });
  command.option('--all', 'print every robust watermark found (passages marked with different secrets), one per line');
  addOperationOptions(command, 'decode_robust');
  addJsonOption(command, 'decode_robust').action(
    runLazily(async () => (await import('./codec/decode-robust.js')).runDecodeRobust),
  );
}

function registerStrip(program: Command): void {
  const { summary, description, json } = OPERATION_COMMANDS.strip;
  const command = program
    .command(kebabNameOf('strip'))
    .summary(`${summary} (of a text, or --in-place of files and folders)`)
    .description(
      `${description}\n\nPrints the text without them; --all removes a C2PA text manifest too, ` +
        '--c2pa the C2PA manifests only. ' +
        'With --in-place: rewrite each FILE (and every text file under each folder) atomically, ' +
        'keeping its mode, line ends and encoding.',
    )
    .argument(
      '[paths...]',
      'input text file (default: standard input; "-" also means standard input); with --in-place, files and folders',
    )
    .option('-o, --out <file>', 'write the result to FILE atomically instead of standard output')
    .option('--all', 'remove C2PA text manifests too (the text then loses its provenance record)')
    .option('--c2pa', 'remove only the C2PA text manifests, keeping every other character (watermarks included)')
    .option(
      '--in-place',
      'rewrite the files themselves (exit 0: something removed; 1: nothing to remove; 4: a file could not be read)',
    )
    .option('--dry-run', 'with --in-place: list what would be removed, change nothing');
  addWalkOptions(command);
  command
    .option('-l, --files-with-matches', 'with --in-place: print only the paths of the files changed')
    .option('-0, --null', 'with -l: end each path with a NUL instead of a line feed (for xargs -0)')
    .option('--json', `print ${json} as JSON; with --in-place, JSON Lines as wm scan --json prints them`)
    .action(async (paths: string[], options: StripCommandOptions) => {
      if (options.inPlace) {
        if (options.c2pa)
          throw new CliError(EXIT.USAGE, '--c2pa works on one text (standard input or FILE), not --in-place');
        const { runScan } = await import('./scan/run-scan.js');
        return runScan(paths, { ...options, strip: true }, true);
      }
      const { runStrip } = await import('./codec/strip.js');
      return runStrip(singleInput(paths, options as Record<string, unknown>), options);
    });
}

interface StripCommandOptions {
  inPlace?: boolean;
  c2pa?: boolean;
  dryRun?: boolean;
  all?: boolean;
  json?: boolean;
  out?: string;
}

/** Without --in-place strip reads one text: walk options, --dry-run or several paths need --in-place. */
function singleInput(paths: string[], options: Record<string, unknown>): string | undefined {
  const walking = [
    'dryRun',
    'follow',
    'include',
    'exclude',
    'maxSize',
    'threads',
    'verbose',
    'filesWithMatches',
    'null',
  ];
  const misplaced = walking.find((name) => options[name] !== undefined) ?? (options.ignore === false ? 'ignore' : '');
  if (paths.length > 1 || misplaced) {
    const what = paths.length > 1 ? 'several paths' : `--${misplaced.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new CliError(EXIT.USAGE, `${what} need${paths.length > 1 ? '' : 's'} --in-place`);
  }
  return paths[0];
}

function registerReveal(program: Command): void {
  const command = textCommand(
    program,
    'reveal',
    'Prints the text with each invisible character as a token (coloured on a terminal; plain in pipes or with ' +
      'NO_COLOR).',
  );
  addJsonOption(command, 'reveal').action(runLazily(async () => (await import('./codec/reveal.js')).runReveal));
}

function registerVerify(program: Command): void {
  const command = program
    .command('verify')
    .summary('check who signed the watermarks of a text')
    .description(
      'Check the signatures of every watermark in the text (VS and robust) against public keys, and its C2PA ' +
        'manifest (when it has one) against the trust anchors of --trust, offline. ' +
        'Exit 0: a valid signature (and its bound text unchanged); 7: no signature; 8: a signature does not verify; ' +
        '9: signed by an unknown key or C2PA signer; 10: valid, but the bound text was edited; 1: no watermark.',
    )
    .argument('[file]', 'input text file (default: standard input; "-" also means standard input)')
    .option(
      '--keys <file|url>',
      `the public keys to trust: ${KEYS_HELP}; needed unless the text has a C2PA manifest`,
      collect,
    )
    .option('--insecure', INSECURE_HELP)
    .option(
      '--trust <file>',
      "trust anchors for C2PA manifests: PEM certificates (a signer's NAME.root.crt, a trust list; repeatable)",
      collect,
    )
    .option('--key-file <file>', 'also read encrypted secrets with this AES key (a signature verifies without it)')
    .option('-o, --out <file>', 'write the report to FILE atomically instead of standard output');
  command
    .option('--json', 'print {status, marks, c2pa?} as JSON: the verdict, per mark its report, the C2PA validation')
    .action(runLazily(async () => (await import('./codec/verify.js')).runVerify));
}

function registerKeys(program: Command): void {
  const keys = program.command('keys').summary('public signing keys: export a key set (wm-keys.json)');
  keys
    .command('export')
    .summary('write the key set of public keys, for /.well-known/wm-keys.json')
    .description(
      'Write the public key set (wm-keys.json: a JSON Web Key Set with names and dates) of the given NAME.pub ' +
        'files and key sets, merged, so that anyone can check marks with `wm verify --keys`. Without files ' +
        "(or with --home/--database) the data folder's published keys come first, exactly as its wm serve lists " +
        'them at /.well-known/wm-keys.json.',
    )
    .argument('[files...]', 'NAME.pub files (as written by `wm keygen --sign`) or key sets to merge')
    .option('--name <name>', 'the display name of the one key file given (default: its file name without .pub)')
    .option('--home <dir>', "export the published keys of this data folder's channels (default: $WM_HOME, else ~/.wm)")
    .option('--database <url>', DATABASE_HELP)
    .option('-o, --out <file>', 'write the key set to FILE atomically instead of standard output')
    .action(async (files: string[], options) => {
      const { runKeysExport } = await import('./codec/keys-export.js');
      await runKeysExport(files, options);
    });
}

function registerKeygen(program: Command): void {
  program
    .command('keygen')
    .summary('create a random 32-byte key for --key-file, or a signing key pair')
    .description(
      'Create a random 32-byte key, written as 64 hex digits and a newline: to FILE with mode 0600, ' +
        'or to standard output. ' +
        'With --sign: an Ed25519 key pair, the private key to FILE (PEM, mode 0600) and the public key to FILE.pub ' +
        '(NAME.key → NAME.pub); prints the key id.',
    )
    .option('-o, --out <file>', 'write the key to FILE (mode 0600)')
    .option('--sign', 'an Ed25519 signing key pair for --sign-key and --keys')
    .option('--force', 'replace an existing FILE')
    .action(async (options) => {
      const { runKeygen } = await import('./codec/keygen.js');
      await runKeygen(options);
    });
}

/** The codec commands by name, in the order `wm --help` lists them. */
const CODEC_COMMANDS: Record<string, (program: Command) => void> = {
  encode: registerEncode,
  decode: registerDecode,
  analyze: registerAnalyze,
  'encode-robust': registerEncodeRobust,
  'decode-robust': registerDecodeRobust,
  strip: registerStrip,
  scan: registerScan,
  reveal: registerReveal,
  verify: registerVerify,
  keys: registerKeys,
  keygen: registerKeygen,
  c2pa: registerC2pa,
  probe: registerProbe,
  copies: registerCopies,
  trace: registerTrace,
};

/**
 * Defines the codec commands; only INVOKED's when it names one (commander needs no other to run it, and defining
 * every command is a measurable part of a codec command's start). Returns whether it did.
 */
export function registerCodecCommands(program: Command, invoked?: string): boolean {
  if (invoked !== undefined && Object.hasOwn(CODEC_COMMANDS, invoked)) {
    CODEC_COMMANDS[invoked](program);
    return true;
  }
  for (const register of Object.values(CODEC_COMMANDS)) register(program);
  return false;
}
