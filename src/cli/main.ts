import { Command, CommanderError } from 'commander';
import { registerAdminCommands } from './admin-commands.js';
import { registerCodecCommands } from './codec-commands.js';
import { EXIT, describeFailure } from './errors.js';
import { registerRemoteCommands } from './remote-commands.js';
import { registerServeCommand } from './serve-command.js';
import { watchStdout, writeStdoutText } from './stdout.js';
import { VERSION } from '../version.js';

const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  no watermark found (scan: nothing found; strip --in-place: nothing to remove; probe check:
     no kind of watermark came back)
  2  usage error, invalid input (e.g. carrier too short: the message gives the required length) or a
     request to correct (unknown user, channel, token or document, email or name taken, ...)
  3  watermark corrupted, wrong key or key missing; a backup that does not check out (wrong
     passphrase or master key, damaged)
  4  I/O error (file not found or not writable, a file scan could not read, database locked or
     unreadable, a data folder a running wm serve holds, a data folder that does not exist: only
     users create, db migrate, db restore and serve create one; server unreachable or not a wm
     server, server error; a PostgreSQL database that cannot be reached or has pending migrations,
     or whose channel keys the master key does not open)
  5  refused by the server or the account's rules: API token missing, invalid or revoked, lacking
     the permission; the account unverified or suspended, or its plan lacking what is asked (a paid
     plan, room for another channel or token)
  6  out of credits (the message gives the balance), or the monthly quota or a rate limit reached
     (the message says when to retry)
  wm verify only (0 is a valid signature, and its bound text unchanged):
  7  the watermark is not signed
  8  a signature does not verify (forged or altered mark)
  9  signed by a key not among --keys
  10 the signature is valid, but the text it binds was edited
  decode and decode-robust with a key (--key-file, --channel, a keyed token):
  11 the watermarks found are not keyed (--accept-unkeyed reads them)
  scan --fail-on LEVEL (for CI: then 0 means nothing that grave was found):
  12 a finding of LEVEL or graver (error > warning > note)
  wm trace (0 names a recipient; 1 finds nothing of yours):
  13 the leak matches a document by its visible text, but no mark names the recipient
  14 too short to trace: too few words to carry a mark or match a document
  15 a copy's mark in a text that shows too little of its document: it names no one

Set WM_DEBUG=1 to print stack traces.`;

/**
 * The program that parses ARGV: `wm --version` needs no command, and a codec command is defined alone, since
 * defining every command costs each start a few ms.
 */
export function buildProgram(argv: string[]): Command {
  const program = new Command('wm')
    .description('Hide a secret inside ordinary text with invisible Unicode characters, and recover it.')
    .version(VERSION, '-V, --version')
    .addHelpText('after', EXIT_CODES_HELP)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: writeStdoutText,
      outputError: (message, write) => write(`wm: ${message.replace(/^error: /, '')}`),
    });
  const invoked = argv[2];
  if (invoked === '--version' || invoked === '-V') return program;
  if (registerCodecCommands(program, invoked)) return program;
  registerAdminCommands(program);
  registerServeCommand(program);
  registerRemoteCommands(program);
  return program;
}

/** Runs the CLI; resolves to the process exit code. Only this function turns errors into exit codes. */
export async function main(argv: string[]): Promise<number> {
  watchStdout();
  try {
    await buildProgram(argv).parseAsync(argv);
    return EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version "errors" are successes; commander already printed its one-line message
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    const { exitCode, message } = describeFailure(error);
    // an exit code alone (wm scan's "nothing found") prints nothing
    if (message !== '') process.stderr.write(`wm: ${message}\n`);
    if (process.env.WM_DEBUG === '1' && error instanceof Error && error.stack) {
      process.stderr.write(`${error.stack}\n`);
    }
    return exitCode;
  }
}
