import type { Candidate } from './candidate.js';
import { candidatesOf } from './mechanisms/index.js';
import { normaliseForVariants, type NormalisedText } from './normalise.js';
import { foldCase } from './patterns.js';
import { contextHashes, type ContextHash } from './stream.js';
import type { LanguageTable } from './table.js';

/** A text as the variant code sees it: normalised, every candidate of every class, each with its context hash. */
export interface AnalysedText {
  readonly normal: NormalisedText;
  readonly candidates: readonly Candidate[];
  /** per candidate: undefined where it has too little context, or lost its place to an overlapping candidate */
  readonly hashes: readonly (ContextHash | undefined)[];
  /** words of the text (letters and digits between spaces and punctuation) */
  readonly words: number;
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['\u2019][\p{L}\p{N}\p{M}]+)*/gu;

/**
 * Every class of the table is looked for, whichever the issuer turned on: the canonical stream, and so every
 * stored hash, depends on the table's version only.
 */
export function analyse(text: string, table: LanguageTable): AnalysedText {
  const normal = normaliseForVariants(text);
  const folded = foldCase(normal.text);
  const candidates = table.classes.flatMap((spec) => candidatesOf(folded, spec));
  const words = normal.text.match(WORD)?.length ?? 0;
  return { normal, candidates, hashes: contextHashes(folded, candidates), words };
}
