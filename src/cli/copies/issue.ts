import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from '../codec/format.js';
import { ioFailure, readInputText, writeFileAtomic, writeOutput } from '../codec/io.js';
import { copiesBackendFor, type CopiesOptions } from './backend.js';
import { issueProgressFor, type IssueProgress } from './progress.js';
import { recipientsOf } from './recipients.js';

export interface IssueOptions extends CopiesOptions {
  to?: string[];
  toFile?: string;
  outDir?: string;
  name?: string;
  json?: boolean;
}

/**
 * `wm copies issue FILE --to … -o DIR`: one marked copy per recipient, each written to DIR atomically, and a line
 * per copy (or --json: the issue's answer with each copy's file instead of its text).
 */
export async function runCopiesIssue(file: string | undefined, options: IssueOptions): Promise<void> {
  if (!options.outDir) throw new CliError(EXIT.USAGE, 'name the folder of the copies: -o, --out-dir DIR');
  const backend = await copiesBackendFor(options);
  let progress: IssueProgress | undefined;
  try {
    const recipients = await recipientsOf(options.to, options.toFile);
    const text = await readInputText(file);
    const name = options.name ?? (file && file !== '-' ? basename(file) : undefined);
    progress = issueProgressFor(recipients.length);
    const issued = await backend.run('issue_copies', { text, recipients, ...(name ? { name } : {}) });
    progress?.startWriting();
    const files = await writeCopies(options.outDir, issued.copies, () => progress?.wrote());
    progress?.stop();
    const copies = issued.copies.map(({ text: _, file_name: __, ...copy }, i) => ({ ...copy, file: files[i] }));
    const lines = copies.map((copy) => `${copy.recipient}\t${copy.copy_id}\t${copy.file}\n`);
    await writeOutput(
      options.json
        ? formatJson({ document: issued.document, copies })
        : [`document ${issued.document.id} "${issued.document.name}": ${copies.length} copies\n`, ...lines],
      undefined,
    );
  } finally {
    // erased before an error's line too
    progress?.stop();
    await backend.close();
  }
}

/** Writes each copy into DIR (created if missing), atomically; returns their paths. */
async function writeCopies(
  dir: string,
  copies: { file_name: string; text: string }[],
  wrote: () => void,
): Promise<string[]> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw ioFailure('create', dir, error);
  }
  const files = copies.map((copy) => join(dir, copy.file_name));
  for (const [i, copy] of copies.entries()) {
    try {
      await writeFileAtomic(files[i], copy.text);
    } catch (error) {
      throw ioFailure('write', files[i], error);
    }
    wrote();
  }
  return files;
}
