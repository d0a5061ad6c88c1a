import { basename } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from '../codec/format.js';
import { writeOutput } from '../codec/io.js';
import type { CodecInputs } from '../../ops/operations.js';
import { copiesBackendFor, type CopiesOptions } from './backend.js';
import { prepareCopiesFolder } from './output-folder.js';
import { capacityLines, formatPreview } from './preview.js';
import { issueProgressFor, type IssueProgress } from './progress.js';
import { recipientsOf } from './recipients.js';
import { variantsRequestOf, type VariantsOptions } from './variants-options.js';

const say = (line: string) => process.stderr.write(`${line}\n`);

export interface IssueOptions extends CopiesOptions, VariantsOptions {
  /** --to: the table's flag of the recipients, read here before the text with --to-file's */
  to?: string[];
  toFile?: string;
  outDir?: string;
  json?: boolean;
}

/** What the command's argument and the table's flags give: the text, --to's recipients, --name. */
type IssueInput = Omit<CodecInputs['issue_copies'], 'recipients'> & { recipients?: string[] };

/**
 * `wm copies issue FILE --to … -o DIR`: one marked copy per recipient, all written to DIR or none, and a line per
 * copy (or --json: the issue's answer with each copy's file instead of its text). Everything that can be checked is
 * checked before the issue is recorded: the input, the recipients, and that DIR can be written.
 */
export async function runCopiesIssue(
  inputOf: () => Promise<IssueInput>,
  file: string | undefined,
  options: IssueOptions,
): Promise<void> {
  const variants = variantsRequestOf(options);
  if (options.dryRun) return runCopiesPreview(inputOf, file, options);
  if (!options.outDir) throw new CliError(EXIT.USAGE, 'name the folder of the copies: -o, --out-dir DIR');
  let progress: IssueProgress | undefined;
  const backend = await copiesBackendFor(options, (line) => (progress ? progress.above(line) : say(line)));
  try {
    const recipients = await recipientsOf(options.to, options.toFile);
    const input = await inputOf();
    const { text } = input;
    const name = nameOf(file, input);
    const folder = await prepareCopiesFolder(options.outDir);
    progress = issueProgressFor(recipients.length);
    let issued;
    try {
      issued = await backend.run('issue_copies', {
        text,
        recipients,
        ...(name ? { name } : {}),
        ...(variants && { variants }),
      });
    } catch (error) {
      await folder.discard();
      throw error;
    }
    progress?.startWriting();
    const files = await folder.write(
      issued.copies.map((copy) => ({ name: copy.file_name, text: copy.text })),
      () => progress?.wrote(),
    );
    progress?.stop();
    const copies = issued.copies.map(({ text: _, file_name: __, ...copy }, i) => ({ ...copy, file: files[i] }));
    const lines = copies.map((copy) => `${copy.recipient}\t${copy.copy_id}\t${copy.file}\n`);
    await writeOutput(
      options.json
        ? formatJson({ document: issued.document, copies })
        : [
            `document ${issued.document.id} "${issued.document.name}": ${copiesCount(copies.length)}\n`,
            ...(issued.document.variants ? capacityLines(issued.document.variants) : []),
            ...lines,
          ],
      undefined,
    );
  } finally {
    // erased before an error's line too
    progress?.stop();
  }
}

const copiesCount = (count: number) => `${count} ${count === 1 ? 'copy' : 'copies'}`;

const nameOf = (file: string | undefined, input: IssueInput) =>
  input.name ?? (file && file !== '-' ? basename(file) : undefined);

/**
 * `wm copies preview` (and `wm copies issue --variants --dry-run`, its first spelling): the preview of an issue with
 * visible variants (every site, the capacity, each copy's differences), writing, recording and charging nothing;
 * exit 2 with the refusal's numbers when an issue would be refused.
 */
export async function runCopiesPreview(
  inputOf: () => Promise<IssueInput>,
  file: string | undefined,
  options: IssueOptions,
): Promise<void> {
  const variants = variantsRequestOf({ ...options, variants: true });
  const backend = await copiesBackendFor(options, say);
  const recipients = await recipientsOf(options.to, options.toFile);
  const input = await inputOf();
  const { text } = input;
  const name = nameOf(file, input);
  const preview = await backend.run('preview_copies', { text, recipients, ...(name ? { name } : {}), variants });
  await writeOutput(options.json ? formatJson(preview) : formatPreview(text, preview), undefined);
  if (!preview.variants.enough) throw new CliError(EXIT.USAGE, preview.variants.refusal ?? 'too few variant sites');
}
