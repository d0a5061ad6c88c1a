import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { iso } from '../users.js';
import { existingCopiesKeys } from './account-keys.js';
import type { AccountOwner } from '../account-owner.js';
import { documentInfo, documentRowId } from './documents.js';
import type { CopyMarks } from './types.js';
import type { ListCopiesInput, ListCopiesResult } from './types.js';

/** Documents a list shows at most. */
export const LISTED_DOCUMENTS = 100;

const notFound = () => new DomainError('NOT_FOUND', 'You have no document with this id');

/** The owner's documents, newest first, or one document with its copies. */
export async function listCopies(
  context: DomainContext,
  owner: AccountOwner,
  input: ListCopiesInput,
): Promise<ListCopiesResult> {
  const keys = await existingCopiesKeys(context, owner.userId);
  if (input.document_id === undefined) {
    if (!keys) return { documents: [] };
    const rows = await context.store.copies.documentsOf(owner.userId, LISTED_DOCUMENTS);
    return { documents: rows.map((row) => ({ ...documentInfo(row, keys), copies: row.copies })) };
  }
  const id = keys && documentRowId(keys, input.document_id);
  const document = id === undefined ? undefined : await context.store.copies.documentOf(owner.userId, id);
  if (!keys || !document) throw notFound();
  const copies = await context.store.copies.copiesOfDocument(owner.userId, document.id);
  return {
    documents: [
      {
        ...documentInfo(document, keys),
        copies: copies.length,
        recipients: copies.map((copy) => ({
          copy_id: copy.id,
          recipient: copy.recipient,
          issued_at: iso(copy.createdAt),
          marks: JSON.parse(copy.marks) as CopyMarks,
        })),
      },
    ],
  };
}
