import { CodecError } from 'wm-watermark-codec/errors';
import {
  accuseVariants,
  decodeVariantRecord,
  encodeVariantRecord,
  keyedVariants,
  planVariants,
  readVariants,
  variantKey,
  type VariantAccusation,
  type VariantCopy,
  type VariantPlan,
} from 'wm-watermark-codec/variants';
import { markCopy } from './marking.js';
import type { VariantDifference, VariantsRequest } from './types.js';

/**
 * The work of visible variants that grows with the text and the copies (docs/TRACING.md, "Visible variants"), as
 * pure functions of plain data: the jobs of ../work/jobs.ts, so that `wm serve` runs them on its worker threads. A
 * document's variant key crosses as its 32 bytes (account-keys.ts derives them); nothing here reads the store.
 */

/** Where the copies of `text` may differ, for an issue to `recipients` at the collusion level asked for. */
export const planCopyVariants = (input: { text: string; recipients: number; request: VariantsRequest }): VariantPlan =>
  planVariants(input.text, {
    recipients: input.recipients,
    collusion: input.request.collusion,
    classes: input.request.classes,
  });

export const differencesOf = (copy: VariantCopy): VariantDifference[] =>
  copy.differences.map(({ site, classId, start, end, from, to }) => ({ site, class: classId, start, end, from, to }));

/**
 * The copies of an issue with variants, in the order of `copyIds`: each its codeword's variant text under the
 * document's key, then marked with the copy-mark key (so stripping the marks leaves the variants); and the record
 * the document keeps (no text, no copy's choices).
 */
export function markVariantCopies(input: {
  plan: VariantPlan;
  variantKey: Uint8Array;
  copyIds: string[];
  marksKey: Uint8Array;
}) {
  const issue = keyedVariants(input.plan, variantKey(input.variantKey));
  return {
    record: encodeVariantRecord(issue.record),
    copies: issue.copies(input.copyIds).map((copy) => ({
      ...markCopy(copy.text, copy.copyId, input.marksKey),
      differences: differencesOf(copy),
    })),
  };
}

/** Each copy's differences under a key (a preview's, which nothing keeps), in the order of `copyIds`. */
export const drawVariants = (input: { plan: VariantPlan; variantKey: Uint8Array; copyIds: string[] }) =>
  keyedVariants(input.plan, variantKey(input.variantKey)).copies(input.copyIds).map(differencesOf);

/** One document's variants, as a trace reads them: its record, its key, its copies, those the keyed marks name. */
export interface VariantsToRead {
  documentId: number;
  record: Uint8Array;
  variantKey: Uint8Array;
  copyIds: string[];
  marked: string[];
}

/** A document's accusation, or why its record cannot be read (a table this wm does not have). */
export type DocumentAccusation =
  { documentId: number; accusation: VariantAccusation } | { documentId: number; unreadable: string };

/**
 * Reads the leak's visible variants against each document and scores every copy of each. The threshold is set for
 * every copy scored in this trace at once (the union bound over all the documents' copies), so the chance of naming
 * any innocent copy in the whole trace is at most the stated one.
 */
export function accuseLeak(input: { text: string; documents: VariantsToRead[] }): DocumentAccusation[] {
  const tests = input.documents.reduce((sum, document) => sum + document.copyIds.length, 0);
  return input.documents.map(({ documentId, record, variantKey: secret, copyIds, marked }) => {
    const key = variantKey(secret);
    try {
      const reading = readVariants(input.text, decodeVariantRecord(record), key);
      return { documentId, accusation: accuseVariants(reading, key, copyIds, { tests, marked }) };
    } catch (error) {
      if (error instanceof CodecError) return { documentId, unreadable: error.message };
      throw error;
    }
  });
}
