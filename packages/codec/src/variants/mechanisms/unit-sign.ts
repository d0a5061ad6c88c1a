import type { Candidate, Mechanism } from '../candidate.js';
import { formPattern, inCaseOf, WORD_END } from '../patterns.js';
import type { UnitSignClass } from '../table.js';

const patterns = new WeakMap<UnitSignClass, RegExp>();

/** After a number in figures: the sign ("12%", "12 %") or the word ("12 percent"). */
function patternOf(spec: UnitSignClass): RegExp {
  let pattern = patterns.get(spec);
  if (pattern === undefined) {
    const sign = spec.sign.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(
      `(?<=\\p{N})(?:([ \\u00A0]?${sign})(?![\\p{L}\\p{N}])|[ \\t\\n\\r\\u00A0]+${formPattern(spec.word)}${WORD_END})`,
      'gu',
    );
    patterns.set(spec, pattern);
  }
  return pattern;
}

/** A unit as a sign or a word after a number: "5%" / "5 percent". */
export const unitSign: Mechanism<UnitSignClass> = {
  candidates(text, spec) {
    const found: Candidate[] = [];
    for (const match of text.matchAll(patternOf(spec))) {
      const start = match.index;
      const end = start + match[0].length;
      found.push({
        classId: spec.id,
        unit: spec.id,
        key: spec.id,
        start,
        end,
        form: match[1] === undefined ? 0 : 1,
        kind: 'word',
        anchor: start,
      });
    }
    return found;
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
