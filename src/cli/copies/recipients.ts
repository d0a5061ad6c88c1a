import { CliError, EXIT } from '../errors.js';
import { readInputText } from '../codec/io.js';

/**
 * The recipients of `--to` (repeatable) and `--to-file` (one a line; blank lines and lines starting with # are
 * skipped), in that order. The domain checks each label and refuses one named twice.
 */
export async function recipientsOf(to: string[] | undefined, toFile: string | undefined): Promise<string[]> {
  if (toFile === '-') throw new CliError(EXIT.USAGE, '--to-file needs a file name (standard input carries the text)');
  const listed = toFile === undefined ? [] : (await readInputText(toFile)).split(/\r?\n/);
  const fromFile = listed.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const recipients = [...(to ?? []), ...fromFile];
  if (recipients.length === 0)
    throw new CliError(EXIT.USAGE, 'name the recipients: --to LABEL (repeatable) or --to-file FILE');
  return recipients;
}
