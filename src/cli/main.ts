import { Command, CommanderError } from 'commander';
import { registerAdminCommands } from './admin-commands.js';
import { registerCodecCommands } from './codec-commands.js';
import { EXIT, describeFailure } from './errors.js';
import { registerServeCommand } from './serve-command.js';
import { VERSION } from './version.js';

const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  no watermark found
  2  usage error or invalid input (e.g. carrier too short: the message gives the required length)
  3  watermark corrupted, wrong key or key missing
  4  I/O error (file not found, not writable, ...)

Set WM_DEBUG=1 to print stack traces.`;

export function buildProgram(): Command {
  const program = new Command('wm')
    .description('Hide a secret inside ordinary text with invisible Unicode characters, and recover it.')
    .version(VERSION, '-V, --version')
    .addHelpText('after', EXIT_CODES_HELP)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`wm: ${message.replace(/^error: /, '')}`) });
  registerCodecCommands(program);
  registerAdminCommands(program);
  registerServeCommand(program);
  return program;
}

/** Runs the CLI; resolves to the process exit code. Only this function turns errors into exit codes. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and version "errors" are successes; commander already printed its one-line message
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    const { exitCode, message } = describeFailure(error);
    process.stderr.write(`wm: ${message}\n`);
    if (process.env.WM_DEBUG === '1' && error instanceof Error && error.stack) {
      process.stderr.write(`${error.stack}\n`);
    }
    return exitCode;
  }
}
