import { analyse } from './analyse.js';
import type { Candidate } from './candidate.js';
import type { LanguageTable } from './table.js';

/** Characters on each side of a place that its own and its neighbours' context hashes may depend on. */
const WINDOW = 240;

/**
 * Every candidate of a window that has a context hash, as its class, hash and form, sorted; the place itself (its
 * class at its offset, showing the form expected there) as "own", so that two windows compare whole.
 */
function signatures(text: string, table: LanguageTable, place: { classId: string; at: number; form: 0 | 1 }) {
  const { candidates, hashes } = analyse(text, table);
  return candidates
    .flatMap((candidate, i) => {
      const hash = hashes[i];
      if (hash === undefined) return [];
      const own = candidate.classId === place.classId && candidate.start === place.at && candidate.form === place.form;
      return [`${candidate.classId}:${hash[0]}:${hash[1]}:${own ? 'own' : candidate.form}`];
    })
    .sort()
    .join('\n');
}

/**
 * Whether writing a place's other form leaves every context hash around it as it was, its own included, with the
 * place read in the other form: the canonical stream must be the same in every copy, or a copy's sites would not be
 * found again (stream.ts). Classes can meet at one place (a contraction where an optional "that" may stand, a comma
 * inside a longer phrase); reading a window of the text in both forms keeps any table to the rule.
 */
export function keepsContexts(text: string, table: LanguageTable, candidate: Candidate, otherForm: string): boolean {
  const start = Math.max(0, candidate.start - WINDOW);
  const before = text.slice(start, candidate.start);
  const after = text.slice(candidate.end, Math.min(text.length, candidate.end + WINDOW));
  const at = candidate.start - start;
  const { classId, form } = candidate;
  const original = signatures(before + text.slice(candidate.start, candidate.end) + after, table, {
    classId,
    at,
    form,
  });
  const other = signatures(before + otherForm + after, table, { classId, at, form: form === 0 ? 1 : 0 });
  return original === other && original.includes(':own');
}
