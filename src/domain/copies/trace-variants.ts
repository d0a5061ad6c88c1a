import { compareLayers, DEFAULT_FALSE_ACCUSATION, type CopyScore } from 'wm-watermark-codec/variants';
import type { CopyRow, DocumentRow } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import type { RunJob } from '../work/runner.js';
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
 * documents given (those the text shares), never by all of the owner's. The reading and the scoring are a job
 * (variant-jobs.ts); the store is read here.
 */
export async function traceVariants(
  context: DomainContext,
  job: RunJob,
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
  const accused = await job('accuse-variants', {
    text,
    documents: rows.map((row) => ({
      documentId: row.documentId,
      record: row.record,
      variantKey: documentVariantKey(keys, row.salt),
      copyIds: copyIds.get(row.documentId) ?? [],
      marked: [...(marked.get(row.documentId) ?? [])],
    })),
  });
  const read = accused.map((found) => ({ ...found, document: byId.get(found.documentId)! }));
  const wanted = read.flatMap((found) =>
    'accusation' in found ? [...found.accusation.named, ...found.accusation.marked].map((s) => s.copyId) : [],
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
  const traced = read.map((found): TracedVariants => {
    const info = documentInfo(found.document, keys);
    const markedHere = [...(marked.get(found.documentId) ?? [])];
    if (!('accusation' in found)) return unreadable(info, found.unreadable, tests, markedHere);
    const { accusation } = found;
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
  const named = read.flatMap((found) =>
    'accusation' in found ? found.accusation.named.flatMap((s) => copies.get(s.copyId) ?? []) : [],
  );
  return { traced, named, scores };
}

function unreadable(
  document: TracedVariants['document'],
  refusal: string,
  tests: number,
  marked: string[],
): TracedVariants {
  return {
    document,
    verdict: 'unreadable',
    message:
      `The visible variants of this document cannot be read by this version of wm (${refusal}): ` + 'they name no one.',
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
