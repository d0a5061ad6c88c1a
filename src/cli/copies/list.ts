import type { ListCopiesResult } from '../../domain/copies/types.js';

/** `wm copies list`: the documents issued, newest first; with --document ID, its copies. */
export function formatList(list: ListCopiesResult): string[] {
  const lines = list.documents.flatMap((document) => [
    `${document.id}\t${document.created_at}\t${document.copies} copies\t${document.name}\n`,
    ...(document.recipients ?? []).map(
      (copy) =>
        `  ${copy.copy_id}\t${copy.issued_at}\t${copy.recipient}\t(${copy.marks.vs_frames} frames, ` +
        `${copy.marks.robust_marks} robust marks)\n`,
    ),
  ]);
  return lines.length > 0 ? lines : ['no copies issued yet\n'];
}
