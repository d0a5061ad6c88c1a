import { seededRandom } from '../../src/robust/prng.js';
import { analyse } from '../../src/variants/analyse.js';
import { languageTable } from '../../src/variants/languages/index.js';
import { writeForm } from '../../src/variants/mechanisms/index.js';
import { sourceSpan } from '../../src/variants/normalise.js';
import type { VariantCopy, VariantPlan } from '../../src/variants/index.js';

/**
 * Leaks as colluding recipients make them (never-innocent.test.ts beside this file, npm run report:variants):
 * their copies mixed by a strategy at the sites where they differ, then the damage a text suffers on its way out.
 * Everything here works on texts, as a leaker would; nothing reads a copy's codeword.
 */

export const STRATEGIES = ['majority', 'minority', 'random', 'interleave', 'delete-differences'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const DAMAGES = ['strip', 'nfkc', 'rewrap', 'autocorrect', 'retype'] as const;
export type Damage = (typeof DAMAGES)[number];

/** Each copy's form at each site of the plan. */
const formsOf = (plan: VariantPlan, copy: VariantCopy): (0 | 1)[] => {
  const changed = new Set(copy.differences.map((d) => d.site));
  return plan.sites.map((site, i) => (changed.has(i) ? ((1 - site.form) as 0 | 1) : site.form));
};

/** Sentence spans of a text (a full stop, question or exclamation mark and what closes it, then space). */
function sentenceEnds(text: string): number[] {
  const ends = [...text.matchAll(/[.!?]["”’)]*\s+/g)].map((match) => match.index + match[0].length);
  return [...ends, text.length];
}

/**
 * The text the colluders make from their copies. Where their copies agree they have no choice (the marking
 * assumption); where they differ: the form most of them have, the rarest, one of theirs at random, whole
 * paragraphs taken from each in turn, or the sentence cut out altogether.
 */
export function collude(plan: VariantPlan, copies: readonly VariantCopy[], strategy: Strategy, seed: number): string {
  const random = seededRandom(seed);
  const forms = copies.map((copy) => formsOf(plan, copy));
  const paragraphOf = (position: number) => (plan.text.slice(0, position).match(/\n\s*\n/g) ?? []).length;
  const ends = sentenceEnds(plan.text);
  const cut = new Set<number>();
  const chosen = plan.sites.map((site, i) => {
    const votes = forms.map((f) => f[i]);
    const ones = votes.filter((v) => v === 1).length;
    if (ones === 0 || ones === votes.length) return votes[0];
    if (strategy === 'majority' || strategy === 'minority') {
      const zeros = votes.length - ones;
      if (ones === zeros) return random() < 0.5 ? 0 : 1;
      return ones > zeros === (strategy === 'majority') ? 1 : 0;
    }
    if (strategy === 'random') return votes[Math.floor(random() * votes.length)];
    if (strategy === 'interleave') return votes[paragraphOf(site.start) % votes.length];
    cut.add(ends.findIndex((end) => end > site.start));
    return votes[0];
  });
  let text = '';
  let at = 0;
  plan.sites.forEach((site, i) => {
    text += plan.text.slice(at, site.start) + site.forms[chosen[i]];
    at = site.end;
  });
  text += plan.text.slice(at);
  if (cut.size === 0) return text;
  // cut the sentences in the mixed text: map each cut sentence of the original through the edits
  const mixedEnds = sentenceEnds(text);
  const kept: string[] = [];
  let start = 0;
  mixedEnds.forEach((end, s) => {
    if (!cut.has(s)) kept.push(text.slice(start, end));
    start = end;
  });
  return kept.join('');
}

/** About `words` words from a random place, cut at word boundaries. */
export function crop(text: string, words: number, seed: number): string {
  const bounds = [...text.matchAll(/\S+/g)];
  if (bounds.length <= words) return text;
  const first = Math.floor(seededRandom(seed)() * (bounds.length - words));
  const last = bounds[first + words - 1];
  return text.slice(bounds[first].index, last.index + last[0].length);
}

/** Hidden marks as a copy carries them (zero-width characters and variation selectors), before a leak strips them. */
export function withHiddenMarks(text: string, seed: number): string {
  const random = seededRandom(seed);
  return text.replace(/[a-z]/g, (letter) =>
    random() < 0.1 ? `${letter}${random() < 0.5 ? '\u200B' : '\uFE01'}` : letter,
  );
}

/** Every candidate of one class rewritten to one form, as an editor's house style or an autocorrect would. */
export function autocorrect(text: string, classId: string, form: 0 | 1): string {
  const table = languageTable('en');
  const spec = table.classes.find((s) => s.id === classId)!;
  const { normal, candidates } = analyse(text, table);
  const context = { text: normal.text, abbreviations: new Set(table.abbreviations), apostrophe: "'" as const };
  let out = '';
  let at = 0;
  for (const candidate of candidates.filter((c) => c.classId === classId).sort((a, b) => a.start - b.start)) {
    const span = sourceSpan(normal, text, candidate.start, candidate.end);
    if (span === undefined || span.start < at) continue;
    out += text.slice(at, span.start) + writeForm(candidate, form, spec, context);
    at = span.end;
  }
  return out + text.slice(at);
}

/** Retyped by hand: straight quotes and apostrophes, "--" for dashes, and a typo in about one word in fifty. */
export function retype(text: string, seed: number): string {
  const random = seededRandom(seed);
  const straight = text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/[—–]/g, '--');
  return straight.replace(/[A-Za-z]{3,}/g, (word) => {
    if (random() >= 0.02) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    const edit = random();
    if (edit < 0.33) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (edit < 0.66) return word.slice(0, i) + word.slice(i + 1);
    return word.slice(0, i) + word[i] + word.slice(i);
  });
}

/** Re-wrapped at 38 columns, as a mail client or a PDF copy would. */
export function rewrap(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        if (line.length + word.length + 1 > 38 && line !== '') {
          lines.push(line);
          line = word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      return [...lines, line].join('\n');
    })
    .join('\n\n');
}

/** The classes an autocorrect or a house style realistically rewrites everywhere. */
export const AUTOCORRECTED = [
  'spellings',
  'contractions',
  'serial-comma',
  'percent-sign',
  'small-numbers',
  'dashes',
  'optional-that',
] as const;

export function damage(text: string, damages: readonly Damage[], seed: number): string {
  const random = seededRandom(seed ^ 0x5bd1e995);
  let leak = withHiddenMarks(text, seed);
  for (const kind of damages) {
    if (kind === 'strip') leak = leak.replace(/[\u200B\uFE01]/g, '');
    if (kind === 'nfkc') leak = leak.normalize('NFKC');
    if (kind === 'rewrap') leak = rewrap(leak);
    if (kind === 'retype') leak = retype(leak, seed);
    if (kind === 'autocorrect') {
      const classId = AUTOCORRECTED[Math.floor(random() * AUTOCORRECTED.length)];
      leak = autocorrect(leak, classId, random() < 0.5 ? 0 : 1);
    }
  }
  return leak;
}
