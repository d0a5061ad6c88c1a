import { randomBytes } from 'node:crypto';
import { KEY_BYTES } from '../../codec/seal.js';
import { CliError, EXIT } from '../errors.js';
import { ioFailure, writeFileAtomic, writeOutput } from './io.js';

export interface KeygenCommandOptions {
  out?: string;
  force?: boolean;
}

const OWNER_ONLY = 0o600;

/** A new random key in the on-disk format parseKeyFile (key.ts) reads: lowercase hex and one newline. */
function newKeyFileContent(): string {
  return `${randomBytes(KEY_BYTES).toString('hex')}\n`;
}

export async function runKeygen(options: KeygenCommandOptions): Promise<void> {
  const content = newKeyFileContent();
  if (options.out === undefined || options.out === '-') return writeOutput(content, undefined);
  try {
    await writeFileAtomic(options.out, content, { mode: OWNER_ONLY, replace: options.force === true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CliError(EXIT.USAGE, `${options.out} already exists; use --force to replace it (watermarks made with the old key need it to decode)`);
    }
    throw ioFailure('write', options.out, error);
  }
}
