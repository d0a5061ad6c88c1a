import { classPlace, type Mechanism } from '../candidate.js';
import { escape, formPattern, inCaseOf, patternFor, WORD_END } from '../patterns.js';
import type { UnitSignClass } from '../table.js';

/** After a number in figures: the sign ("12%", "12 %") or the word ("12 percent"). */
const patternOf = (spec: UnitSignClass): RegExp =>
  patternFor(spec, () => {
    const sign = escape(spec.sign);
    return new RegExp(
      `(?<=\\p{N})(?:([ \\u00A0]?${sign})(?![\\p{L}\\p{N}])|[ \\t\\n\\r\\u00A0]+${formPattern(spec.word)}${WORD_END})`,
      'gu',
    );
  });

/** A unit as a sign or a word after a number: "5%" / "5 percent". */
export const unitSign: Mechanism<UnitSignClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match) =>
      classPlace(spec.id, {
        start: match.index,
        end: match.index + match[0].length,
        form: match[1] === undefined ? 0 : 1,
        kind: 'word',
        anchor: match.index,
      }),
    );
  },

  selectable() {
    return true;
  },

  write(candidate, form, spec, { text }) {
    const original = text.slice(candidate.start, candidate.end);
    if (form === candidate.form) return original;
    return form === 1 ? spec.sign : ` ${inCaseOf(original.trim(), spec.word)}`;
  },
};
