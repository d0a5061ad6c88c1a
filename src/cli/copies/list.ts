import { formatJson } from '../codec/format.js';
import { writeOutput } from '../codec/io.js';
import { copiesBackendFor, type CopiesOptions } from './backend.js';

export interface ListOptions extends CopiesOptions {
  document?: string;
  json?: boolean;
}

/** `wm copies list`: the documents issued, newest first; with --document ID, its copies. */
export async function runCopiesList(options: ListOptions): Promise<void> {
  const backend = await copiesBackendFor(options);
  const list = await backend.run('list_copies', options.document === undefined ? {} : { documentId: options.document });
  if (options.json) return await writeOutput(formatJson(list), undefined);
  const lines = list.documents.flatMap((document) => [
    `${document.id}\t${document.created_at}\t${document.copies} copies\t${document.name}\n`,
    ...(document.recipients ?? []).map(
      (copy) =>
        `  ${copy.copy_id}\t${copy.issued_at}\t${copy.recipient}\t(${copy.marks.vs_frames} frames, ` +
        `${copy.marks.robust_marks} robust marks)\n`,
    ),
  ]);
  await writeOutput(lines.length > 0 ? lines : ['no copies issued yet\n'], undefined);
}
