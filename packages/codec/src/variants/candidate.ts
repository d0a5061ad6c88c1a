import type { VariantClassSpec } from './table.js';

/**
 * One place of a text where a class's two forms can stand, found in either form: what a copy's variants and a
 * leak's are read from. Found in the normalised text (normalise.ts).
 */
export interface Candidate {
  readonly classId: string;
  /** the unit of consistency: the class, or one pair of it (table.ts, Consistency) */
  readonly unit: string;
  /** what names the variant in its site's hash, the same in both forms ("toward", "that", "n5") */
  readonly key: string;
  /** the span that differs between the forms (empty where a form is nothing: no comma, no "that") */
  readonly start: number;
  readonly end: number;
  /** which form the text has here */
  readonly form: 0 | 1;
  /**
   * `word`: the span stands in the canonical stream as one token in place of its words (both forms give the same
   * token); `gap`: punctuation between words, placed before the first token at or after `anchor`
   */
  readonly kind: 'word' | 'gap';
  readonly anchor: number;
  /** the word pair of a word-pairs class */
  readonly pair?: number;
  /** where the words the place follows begin (the opening phrase of intro-comma) */
  readonly phraseStart?: number;
}

/** A place of a class whose unit and variant are the class itself (all but word pairs and numbers). */
export const classPlace = (classId: string, place: Omit<Candidate, 'classId' | 'unit' | 'key'>): Candidate => ({
  classId,
  unit: classId,
  key: classId,
  ...place,
});

/** What the rules of a site read at issue: the issuer's normalised text, the language's abbreviations. */
export interface IssueContext {
  readonly text: string;
  readonly abbreviations: ReadonlySet<string>;
  /** the apostrophe the text writes most ("don't" or "don’t"), for a contraction a copy adds */
  readonly apostrophe: "'" | '’';
}

/** A kind of class: how it finds candidates, which of the issuer's may become sites, and how each form is written. */
export interface Mechanism<Spec extends VariantClassSpec> {
  /**
   * every place in either form, permissively, in the folded text (patterns.ts, foldCase): a leak's sites are looked
   * up among these by their hashes
   */
  candidates(folded: string, spec: Spec): Candidate[];
  /** the rules that keep the meaning and the style, for one of the issuer's candidates */
  selectable(candidate: Candidate, spec: Spec, context: IssueContext): boolean;
  /** the text of the candidate's span in `form`, in the case and spacing of the issuer's text */
  write(candidate: Candidate, form: 0 | 1, spec: Spec, context: IssueContext): string;
}
