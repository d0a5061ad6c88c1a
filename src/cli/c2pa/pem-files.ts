import { CliError, EXIT } from '../errors.js';
import { readInputBytes } from '../codec/io.js';

/** The text of a key or certificate file named by OPTION (never standard input: that carries the text). */
export async function readPemFile(file: string, option: string): Promise<string> {
  if (file === '-') throw new CliError(EXIT.USAGE, `${option} needs a file name (standard input carries the text)`);
  return Buffer.from(await readInputBytes(file)).toString('utf8');
}
