import type { TraceResult, VariantScore } from '../../domain/copies/types.js';
import { EXIT } from '../errors.js';

/** Exit codes of `wm trace` (docs/CLI.md), one per verdict. */
const TRACE_EXIT: Record<TraceResult['verdict'], number> = {
  recipient: EXIT.OK,
  document: EXIT.DOCUMENT_ONLY,
  unconfirmed_mark: EXIT.UNCONFIRMED_MARK,
  too_short: EXIT.TOO_SHORT,
  not_found: EXIT.NO_WATERMARK,
};

const variantsEvidence = (score: VariantScore) =>
  `visible variants: score ${score.score.toFixed(1)}` +
  (score.threshold === null ? '' : ` (threshold ${score.threshold.toFixed(1)})`) +
  `, ${score.agreed} positions agree, ${score.disagreed} differ`;

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`;

export function formatTrace(result: TraceResult): string[] {
  const recipients = result.recipients.map((found) => {
    const robust = found.evidence.robust
      .map((mark) => `robust mark: ${mark.copies_agreeing} of ${mark.copies_found} copies agree`)
      .join('; ');
    const frames = `${found.evidence.vs_frames} keyed VS frame${found.evidence.vs_frames === 1 ? '' : 's'}`;
    const variants = found.evidence.variants && variantsEvidence(found.evidence.variants);
    return (
      `recipient: ${found.recipient}\n  copy ${found.copy_id} of "${found.document.name}" (document ` +
      `${found.document.id}), issued ${found.issued_at}\n  named by its ${found.named_by.join(' and ')}; evidence: ` +
      `${[frames, robust, variants].filter(Boolean).join('; ')}\n`
    );
  });
  const variants = result.variants.map(
    (read) =>
      `visible variants of "${read.document.name}" (document ${read.document.id}): ${read.verdict}, ` +
      `${read.positions} positions read (${read.needed.one_leaker} needed for one leaker, ` +
      `${read.needed.colluders} for one of ${read.needed.collusion}); layers: ` +
      `${read.layers.agreement.replace('_', ' ')}` +
      `${read.layers.contradictions.map((c) => `\n  contradiction: ${c}`).join('')}\n`,
  );
  const documents = result.documents.map(
    (match) =>
      `document ${match.document.id} "${match.document.name}": ${percent(match.similarity)} of the leak found ` +
      `in it, covering ${percent(match.coverage)} of the document (${match.shared_hashes} fingerprint hashes)\n`,
  );
  const unconfirmed = result.unconfirmed.map(
    (mark) =>
      `unconfirmed mark of a copy of "${mark.document.name}" (document ${mark.document.id}): the text shares ` +
      `${mark.shared_hashes} of the ${mark.needed_hashes} fingerprint hashes needed to confirm it\n`,
  );
  return [`${result.message}\n`, ...recipients, ...variants, ...documents, ...unconfirmed];
}

/** `wm trace FILE`'s exit code: how much could be told. */
export const traceExitCode = (result: TraceResult): number => TRACE_EXIT[result.verdict];
