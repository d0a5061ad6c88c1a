import { CodecError } from 'wm-watermark-codec/errors';
import {
  accuseVariants,
  compareLayers,
  DEFAULT_FALSE_ACCUSATION,
  decodeVariantRecord,
  readVariants,
  type CopyScore,
  type VariantAccusation,
} from 'wm-watermark-codec/variants';
import type { CopyRow, DocumentRow, DocumentVariantsRow } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import { documentVariantKey, type CopiesKeys } from './account-keys.js';
import { documentInfo } from './documents.js';
import type { TracedVariants, VariantScore } from './types.js';

/** What the visible variants of the documents a trace read say, and every copy's score they give. */
export interface VariantFindings {
  traced: TracedVariants[];
  /** the copies the variants name, with their rows */
  named: (CopyRow & { document: DocumentRow })[];
  /** the variant score of each copy named by either layer, where its document's variants were read */
  scores: Map<string, VariantScore>;
}

const NONE: VariantFindings = { traced: [], named: [], scores: new Map() };

/**
 * Reads the leak's visible variants against each of `documents` that has variant copies (docs/TRACING.md, "Visible
 * variants"), and scores every copy of those documents. The threshold is set for every copy scored in this trace
 * at once (the union bound), so the chance of naming any innocent copy in the whole trace is at most the stated
 * one. `marked` holds, per document, the copies the keyed marks name: their scores are reported whatever they are,
 * and a disagreement between the layers is reported, never resolved. The work is bounded by the text and the
 * documents given (those the text shares), never by all of the owner's.
 */
export async function traceVariants(
  context: DomainContext,
  ownerId: string,
  keys: CopiesKeys,
  text: string,
  documents: readonly DocumentRow[],
  marked: ReadonlyMap<number, readonly string[]>,
): Promise<VariantFindings> {
  const byId = new Map(documents.map((document) => [document.id, document]));
  const rows = await context.store.copies.variantsOf(ownerId, [...byId.keys()]);
  if (rows.length === 0) return NONE;
  const copyIds = new Map<number, string[]>(rows.map((row) => [row.documentId, []]));
  for (const { id, documentId } of await context.store.copies.copyIdsOf(
    ownerId,
    rows.map((r) => r.documentId),
  )) {
    copyIds.get(documentId)?.push(id);
  }
  const tests = [...copyIds.values()].reduce((sum, ids) => sum + ids.length, 0);
  const read = rows.map((row) => ({
    row,
    document: byId.get(row.documentId)!,
    accusation: accuse(text, row, keys, copyIds.get(row.documentId) ?? [], tests, marked.get(row.documentId) ?? []),
  }));
  const wanted = read.flatMap(({ accusation }) =>
    accusation instanceof Error ? [] : [...accusation.named, ...accusation.marked].map((s) => s.copyId),
  );
  const copies = new Map((await context.store.copies.copiesOf(ownerId, [...new Set(wanted)])).map((c) => [c.id, c]));
  const scores = new Map<string, VariantScore>();
  const scoreOf = (score: CopyScore, threshold: number | null): VariantScore => {
    const found: VariantScore = {
      copy_id: score.copyId,
      recipient: copies.get(score.copyId)?.recipient ?? '',
      score: score.score,
      threshold,
      agreed: score.agreed,
      disagreed: score.disagreed,
    };
    scores.set(score.copyId, found);
    return found;
  };
  const traced = read.map(({ row, document, accusation }): TracedVariants => {
    const info = documentInfo(document, keys);
    const markedHere = [...(marked.get(row.documentId) ?? [])];
    if (accusation instanceof Error) return unreadable(info, accusation, tests, markedHere);
    const layers = compareLayers(markedHere, accusation);
    const { evidence } = accusation;
    return {
      document: info,
      verdict: accusation.verdict,
      message: accusation.message,
      false_accusation: accusation.falseAccusation,
      copies_scored: accusation.tests,
      positions: accusation.positions,
      threshold: accusation.threshold,
      needed: {
        one_leaker: accusation.needed.oneLeaker,
        colluders: accusation.needed.colluders,
        collusion: accusation.needed.collusion,
      },
      named: accusation.named.map((score) => scoreOf(score, accusation.threshold)),
      marked: accusation.marked.map((score) => scoreOf(score, accusation.threshold)),
      evidence: {
        words: evidence.words,
        places: evidence.candidates,
        located: evidence.located,
        conflicting: evidence.conflicting,
        normalised: evidence.normalised.map(({ classId, positions, form }) => ({ class: classId, positions, form })),
      },
      layers: {
        ...layers,
        marks: [...layers.marks],
        variants: [...layers.variants],
        contradictions: [...layers.contradictions],
      },
    };
  });
  const named = read.flatMap(({ accusation }) =>
    accusation instanceof Error ? [] : accusation.named.flatMap((s) => copies.get(s.copyId) ?? []),
  );
  return { traced, named, scores };
}

/** One document's accusation, or the codec's refusal of its record (a table this wm does not have). */
function accuse(
  text: string,
  row: DocumentVariantsRow,
  keys: CopiesKeys,
  copyIds: readonly string[],
  tests: number,
  marked: readonly string[],
): VariantAccusation | CodecError {
  const key = documentVariantKey(keys, row.salt);
  try {
    const reading = readVariants(text, decodeVariantRecord(row.record), key);
    return accuseVariants(reading, key, copyIds, { tests, marked });
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
}

function unreadable(
  document: TracedVariants['document'],
  error: CodecError,
  tests: number,
  marked: string[],
): TracedVariants {
  return {
    document,
    verdict: 'unreadable',
    message:
      `The visible variants of this document cannot be read by this version of wm (${error.message}): ` +
      'they name no one.',
    false_accusation: DEFAULT_FALSE_ACCUSATION,
    copies_scored: tests,
    positions: 0,
    threshold: null,
    needed: { one_leaker: 0, colluders: 0, collusion: 0 },
    named: [],
    marked: [],
    evidence: { words: 0, places: 0, located: 0, conflicting: 0, normalised: [] },
    layers: {
      agreement: marked.length > 0 ? 'marks_only' : 'neither',
      marks: marked,
      variants: [],
      contradictions: [],
    },
  };
}
