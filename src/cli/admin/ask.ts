import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../errors.js';

const onTerminal = () => process.stdin.isTTY === true;

/** The value, or on a terminal a prompt for it, or exit 2 naming what is missing (`--user`, `the email argument`). */
export async function requireValue(value: string | undefined, missing: string, question: string): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!onTerminal())
    throw new CliError(EXIT.USAGE, `missing ${missing} (required when standard input is not a terminal)`);
  const { input } = await import('@inquirer/prompts');
  return prompted(input({ message: question, required: true }, { output: process.stderr }));
}

export const requireEmail = (email: string | undefined) => requireValue(email, 'the email argument', 'Email');

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
    throw new CliError(
      EXIT.USAGE,
      'missing password: use --password-file FILE or --password-stdin when not on a terminal',
    );
  }
  return promptSecret('Password', 'Repeat the password');
}

/** A masked prompt on the terminal (on stderr); with `again`, asked twice and refused when the two differ. */
export async function promptSecret(message: string, again?: string): Promise<string> {
  const { password } = await import('@inquirer/prompts');
  const context = { output: process.stderr };
  const first = await prompted(password({ message, mask: '*' }, context));
  if (again === undefined) return first;
  const second = await prompted(password({ message: again, mask: '*' }, context));
  if (first !== second) throw new CliError(EXIT.USAGE, `the two ${message.toLowerCase()}s differ`);
  return first;
}

/** Ctrl-C or end of input at a prompt: a short message instead of @inquirer's "User force closed the prompt ...". */
async function prompted(answer: Promise<string>): Promise<string> {
  try {
    return await answer;
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError') throw new CliError(EXIT.USAGE, 'cancelled at the prompt');
    throw error;
  }
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
