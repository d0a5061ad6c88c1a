import type { TraceResult, TracedDocument, TracedRecipient, TracedVariants, UnconfirmedMark } from './types.js';

/** About how many visible words a document is recognised from (docs/TRACING.md: fewer than 3 hashes cannot match). */
export const TRACEABLE_WORDS = 25;

/** The sentence a trace answers with: what can and cannot be told, from each layer, and where they disagree. */
export function traceMessage(
  verdict: TraceResult['verdict'],
  found: {
    recipients: TracedRecipient[];
    documents: TracedDocument[];
    unconfirmed: UnconfirmedMark[];
    variants: TracedVariants[];
    /** copy marks of the account whose copy is not on record */
    other: number;
  },
  words: number,
): string {
  const { recipients, documents, unconfirmed } = found;
  const caveat =
    unconfirmed.length > 0
      ? ` It also carries the mark of a copy of ${quoted(unconfirmed)} without enough of that document's text to ` +
        'confirm it: such a mark names no one.'
      : '';
  const variants = variantsNote(found.variants);
  switch (verdict) {
    case 'recipient':
      return recipientsMessage(recipients, found.variants) + variants + caveat;
    case 'document':
      return (
        `This text comes from "${documents[0].document.name}" (its visible text matches), but no mark that ` +
        `authenticates is left in it: the recipient cannot be told.${variants}${caveat}`
      );
    case 'unconfirmed_mark':
      return (
        `This text carries the mark of a copy of ${quoted(unconfirmed)}, but too little of that document's text to ` +
        'confirm it: a mark can be moved onto another text, so it names no one.'
      );
    case 'too_short':
      return (
        `Too short to trace: ${words} word${words === 1 ? '' : 's'}, about ${TRACEABLE_WORDS} needed to recognise a ` +
        'document and a few sentences for a mark. Nothing can be said either way.'
      );
    case 'not_found':
      return found.other > 0
        ? 'This text carries the mark of a copy of yours that is no longer on record (a copy of a forgotten ' +
            'document, or of one issued after the backup this database was restored from); no document of yours ' +
            'matches it. Such a mark names no one.'
        : 'Nothing in this text is from any of your documents: no mark of your copies, no matching fingerprint.';
  }
}

const named = (found: TracedRecipient) => `${found.recipient} (copy ${found.copy_id} of "${found.document.name}")`;

function recipientsMessage(recipients: TracedRecipient[], variants: TracedVariants[]): string {
  const byMarks = recipients.filter((found) => found.named_by.includes('marks'));
  const byVariants = recipients.filter((found) => found.named_by.includes('variants'));
  const sentences: string[] = [];
  if (byMarks.length === 1)
    sentences.push(
      `This text is the copy issued to ${named(byMarks[0])}: its copy marks authenticate and its text is that ` +
        "document's.",
    );
  else if (byMarks.length > 1)
    sentences.push(
      `This text holds the marks of ${byMarks.length} copies, spliced together: ${byMarks.map(named).join(', ')}.`,
    );
  if (byVariants.length > 0) {
    const odds = Math.max(...variants.map((v) => v.false_accusation));
    const who = byVariants.map(named).join(', ');
    sentences.push(
      byMarks.length > 0 && byVariants.every((found) => found.named_by.includes('marks'))
        ? `Its visible variants name ${byVariants.length === 1 ? 'that copy' : 'those copies'} too.`
        : `Its visible variants name ${who}: ${byVariants.length === 1 ? 'its score passes' : 'their scores pass'} ` +
            `a threshold set so that the chance of naming any innocent copy in this trace is at most ${odds}.`,
    );
  }
  const contradictions = variants.flatMap((v) => v.layers.contradictions);
  if (contradictions.length > 0)
    sentences.push(
      `The keyed marks and the visible variants disagree: ${contradictions.join(' ')} Both findings are reported ` +
        'as they are; weigh them.',
    );
  return sentences.join(' ');
}

/** What the variants of documents that named no one could tell: the positions read and needed. */
function variantsNote(variants: TracedVariants[]): string {
  const silent = variants.filter((v) => v.verdict !== 'named');
  return silent.map((v) => ` Visible variants of "${v.document.name}": ${v.message}`).join('');
}

const quoted = (marks: UnconfirmedMark[]) => marks.map((mark) => `"${mark.document.name}"`).join(', ');
