import { CliError, EXIT } from '../errors.js';
import { decodeUtf8Text, readInputBytes } from './io.js';

/** The three ways to pass a secret; exactly one must be used. */
export interface SecretSourceOptions {
  secret?: string;
  secretFile?: string;
  secretEnv?: string;
}

/** Editors end files with a newline that is not part of the secret: drop exactly one (\n or \r\n). */
const withoutOneTrailingNewline = (text: string): string => text.replace(/\r?\n$/, '');

async function readSecretFile(file: string): Promise<string> {
  if (file === '-') throw new CliError(EXIT.USAGE, '--secret-file needs a file name (standard input carries the text)');
  return withoutOneTrailingNewline(decodeUtf8Text(await readInputBytes(file), file));
}

function readSecretEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new CliError(EXIT.USAGE, `environment variable ${name} is not set`);
  return value;
}

export async function resolveSecret(options: SecretSourceOptions): Promise<string> {
  const given = [options.secret, options.secretFile, options.secretEnv].filter((value) => value !== undefined);
  if (given.length !== 1) {
    throw new CliError(EXIT.USAGE, 'give the secret with exactly one of --secret, --secret-file or --secret-env');
  }
  if (options.secret !== undefined) return options.secret;
  if (options.secretFile !== undefined) return readSecretFile(options.secretFile);
  return readSecretEnv(options.secretEnv as string);
}
