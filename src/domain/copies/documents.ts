import type { DocumentRow } from '../../store/index.js';
import { openId, sealId } from '../opaque-id.js';
import { iso } from '../users.js';
import type { CopiesKeys } from './account-keys.js';
import type { DocumentInfo } from './types.js';

/** A document as users see it: its id sealed under the account's key (opaque-id.ts), never the row's number. */
export const documentInfo = (row: DocumentRow, keys: CopiesKeys): DocumentInfo => ({
  id: sealId(keys.documentIds, row.id),
  name: row.name,
  characters: row.characters,
  created_at: iso(row.createdAt),
});

/** The row id behind a document id of this account, or undefined (a made-up id, or another account's). */
export const documentRowId = (keys: CopiesKeys, id: string): number | undefined => openId(keys.documentIds, id);

export const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};
