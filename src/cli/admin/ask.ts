import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../errors.js';

const onTerminal = () => process.stdin.isTTY === true;

/** The value, or on a terminal a prompt for it, or exit 2 naming the missing option. */
export async function requireValue(value: string | undefined, flag: string, question: string): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!onTerminal()) throw new CliError(EXIT.USAGE, `missing ${flag} (required when standard input is not a terminal)`);
  const { input } = await import('@inquirer/prompts');
  return input({ message: question, required: true }, { output: process.stderr });
}

export interface PasswordSources {
  passwordFile?: string;
  passwordStdin?: boolean;
}

/** From --password-file, --password-stdin, or a masked prompt (twice) on a terminal. */
export async function readPassword(options: PasswordSources): Promise<string> {
  if (options.passwordFile && options.passwordStdin) {
    throw new CliError(EXIT.USAGE, 'use either --password-file or --password-stdin, not both');
  }
  if (options.passwordFile) return firstLine(await readFile(options.passwordFile, 'utf8'));
  if (options.passwordStdin) return firstLine(await readStdin());
  if (!onTerminal()) {
    throw new CliError(EXIT.USAGE, 'missing password: use --password-file FILE or --password-stdin when not on a terminal');
  }
  const { password } = await import('@inquirer/prompts');
  const context = { output: process.stderr };
  const first = await password({ message: 'Password', mask: '*' }, context);
  const again = await password({ message: 'Repeat the password', mask: '*' }, context);
  if (first !== again) throw new CliError(EXIT.USAGE, 'the two passwords differ');
  return first;
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0];
  if (!line) throw new CliError(EXIT.USAGE, 'the password is empty');
  return line;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
