import type { TObject, TSchema } from '@sinclair/typebox';
import type { IssueCopiesInput, IssueCopiesResult, ListCopiesResult, TraceResult } from '../domain/copies/types.js';
import { REQUIRED_PERMISSIONS, type Permission, type WatermarkOperation } from '../domain/types.js';
import { API_PATHS } from '../api/paths.js';
import * as schemas from './copies-schemas.js';

/**
 * The copies operations (docs/TRACING.md), once: name, description, input and result schemas, the REST endpoint
 * and the permission. The REST routes, the MCP tools and the remote CLI are built from this table, as the watermark
 * operations are from ./operations.ts.
 */

export const COPIES_OPERATION_NAMES = ['issue_copies', 'trace', 'list_copies'] as const;
export type CopiesOperationName = (typeof COPIES_OPERATION_NAMES)[number];

export interface CopiesOperationInputs {
  issue_copies: IssueCopiesInput;
  trace: { text: string };
  list_copies: { document_id?: number };
}

export interface CopiesOperationResults {
  issue_copies: IssueCopiesResult;
  trace: TraceResult;
  list_copies: ListCopiesResult;
}

export interface CopiesOperation {
  name: CopiesOperationName;
  title: string;
  description: string;
  input: TObject;
  result: TSchema;
  /** the REST face: the OpenAPI summary (the route is also served for the dashboard, with the session) */
  http: { summary: string };
  /** GET takes its input as the query string */
  method: 'POST' | 'GET';
  path: `${typeof API_PATHS.copies}${string}`;
  /** the operation's name in the domain (charges, usage records, permissions) */
  charged: WatermarkOperation;
  permissions: readonly Permission[];
}

export const COPIES_OPERATIONS: { readonly [N in CopiesOperationName]: CopiesOperation & { name: N } } = {
  issue_copies: {
    name: 'issue_copies',
    title: 'Issue marked copies to recipients',
    description:
      'Make one marked copy of a text per recipient and record who got which: each copy carries a random copy id ' +
      "in keyed marks (VS frames every few sentences and a robust mark), sealed with the token's channel key, and " +
      'the document is recorded with a keyed fingerprint of its visible text (never the text). Give each ' +
      'recipient their `text`. Needs an API token bound to a channel, with the encode permission; one charge.',
    input: schemas.IssueCopiesInput,
    result: schemas.IssueCopiesResult,
    http: {
      summary:
        'Issue one marked copy per recipient and record it; needs encode and a token bound to a channel (one charge)',
    },
    method: 'POST',
    path: API_PATHS.copies,
    charged: 'issue-copies',
    permissions: REQUIRED_PERMISSIONS['issue-copies'],
  },
  trace: {
    name: 'trace',
    title: 'Trace a leaked text to its recipient',
    description:
      'Say whose copy a leaked text is, among your issued copies only. A recipient is named only from keyed marks ' +
      'that authenticate (several when copies were spliced), with the evidence (frames found, robust copies ' +
      'agreeing); when every mark is gone, the fingerprint of the visible text names the document only, and the ' +
      '`verdict` says the recipient cannot be told. Needs decode; charged when it names a recipient or a document.',
    input: schemas.TraceInput,
    result: schemas.TraceResult,
    http: {
      summary:
        'Whose copy a leaked text is: recipients from keyed marks that authenticate, else the document by ' +
        'fingerprint; needs decode (charged when something is found)',
    },
    method: 'POST',
    path: `${API_PATHS.copies}/trace`,
    charged: 'trace',
    permissions: REQUIRED_PERMISSIONS.trace,
  },
  list_copies: {
    name: 'list_copies',
    title: 'List issued documents and copies',
    description:
      'Your documents whose copies were issued, newest first (at most 100); with `document_id`, that document with ' +
      'each copy: its id, recipient, date and marks. Needs decode; free.',
    input: schemas.ListCopiesInput,
    result: schemas.ListCopiesResult,
    http: { summary: 'The documents issued, newest first, or one with its copies (document_id); needs decode, free' },
    method: 'GET',
    path: API_PATHS.copies,
    charged: 'trace',
    permissions: REQUIRED_PERMISSIONS.trace,
  },
};
