import { classPlace, type Mechanism } from '../candidate.js';
import type { DashesClass } from '../table.js';

/**
 * A dash between words: an em dash, closed or spaced ("plan—if", "plan — if"), or a spaced en dash ("plan – if").
 * An unspaced en dash is a range (1990–1995), never a site.
 */
const DASH = /(?<=[\p{L}\p{N}\p{M}.,'\u2019"\u201D)\]])(?:(\s?\u2014\s?)|(\s\u2013\s))(?=[\p{L}\p{N}"\u201C\u2018(])/gu;

export const dashes: Mechanism<DashesClass> = {
  candidates(text, spec) {
    return [...text.matchAll(DASH)].map((match) => {
      const end = match.index + match[0].length;
      return classPlace(spec.id, {
        start: match.index,
        end,
        form: match[1] === undefined ? 1 : 0,
        kind: 'gap',
        anchor: end,
      });
    });
  },

  /** not a doubled dash (——), which marks an omission */
  selectable(candidate, _spec, { text }) {
    return text[candidate.start - 1] !== '—' && text[candidate.end] !== '—';
  },

  write(candidate, form, _spec, { text }) {
    if (form === candidate.form) return text.slice(candidate.start, candidate.end);
    return form === 0 ? '—' : ' – ';
  },
};
