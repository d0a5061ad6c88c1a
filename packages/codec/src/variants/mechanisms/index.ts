import type { Candidate, IssueContext, Mechanism } from '../candidate.js';
import type { VariantClassSpec } from '../table.js';
import { clauseComma } from './clause-comma.js';
import { dashes } from './dashes.js';
import { introComma } from './intro-comma.js';
import { numberWords } from './number-words.js';
import { optionalWord } from './optional-word.js';
import { serialComma } from './serial-comma.js';
import { unitSign } from './unit-sign.js';
import { wordPairs } from './word-pairs.js';

type MechanismOf = { [K in VariantClassSpec['mechanism']]: Mechanism<Extract<VariantClassSpec, { mechanism: K }>> };

const MECHANISMS: MechanismOf = {
  'word-pairs': wordPairs,
  'optional-word': optionalWord,
  'number-words': numberWords,
  'unit-sign': unitSign,
  'serial-comma': serialComma,
  'clause-comma': clauseComma,
  'intro-comma': introComma,
  dashes,
};

const mechanismOf = (spec: VariantClassSpec) => MECHANISMS[spec.mechanism] as Mechanism<VariantClassSpec>;

export const candidatesOf = (text: string, spec: VariantClassSpec): Candidate[] =>
  mechanismOf(spec).candidates(text, spec);

export const isSelectable = (candidate: Candidate, spec: VariantClassSpec, context: IssueContext): boolean =>
  mechanismOf(spec).selectable(candidate, spec, context);

export const writeForm = (candidate: Candidate, form: 0 | 1, spec: VariantClassSpec, context: IssueContext): string =>
  mechanismOf(spec).write(candidate, form, spec, context);
