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

/**
 * The file of each recipient's copy: the document's name with the recipient before its extension
 * (memo.alice@example.com.txt), every character but letters, digits and @ . + - _ replaced by _. Two labels that
 * come out the same get their copy ids added, so no copy overwrites another.
 */
export function copyFileNames(
  documentName: string,
  copies: readonly { recipient: string; copy_id: string }[],
): string[] {
  const safe = (label: string) => label.replace(/[^\p{L}\p{N}@.+_-]/gu, '_').replace(/^\./, '_');
  const dot = documentName.lastIndexOf('.');
  const stem = safe(dot > 0 ? documentName.slice(0, dot) : documentName);
  const extension = dot > 0 ? safe(documentName.slice(dot + 1)) : 'txt';
  const nameOf = (parts: string[]) => [stem, ...parts.map(safe), extension].join('.');
  const names = copies.map((copy) => nameOf([copy.recipient]));
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
  return names.map((name, i) =>
    seen.get(name.toLowerCase())! > 1 ? nameOf([copies[i].recipient, copies[i].copy_id]) : name,
  );
}
