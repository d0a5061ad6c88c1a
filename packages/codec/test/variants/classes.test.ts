import { describe, expect, test } from 'vitest';
import { assertVariantCapacity, planVariants, variantClasses, type VariantPlan } from 'wm-watermark-codec/variants';

/** Enough words on each side for every site to have its context. */
const around = (sentence: string, extra = '') =>
  `The notes below were written for the board. ${sentence} ${extra} Nothing else was added to the file later.`;

const flipAll = (plan: VariantPlan): string => {
  let text = '';
  let at = 0;
  for (const site of plan.sites) {
    text += plan.text.slice(at, site.start) + site.forms[site.form === 0 ? 1 : 0];
    at = site.end;
  }
  return text + plan.text.slice(at);
};

const classesOf = (text: string) => planVariants(text).sites.map((site) => site.classId);

describe('the English table', () => {
  // contractions vary only in a text that already has both forms
  const MIXING = "We can't say more, and we do not expect to.";

  test.each(variantClasses('en').flatMap((spec) => spec.examples.map((example) => [spec.id, ...example] as const)))(
    '%s: "%s" ↔ "%s"',
    (classId, first, second) => {
      const extra = classId === 'contractions' ? MIXING : '';
      let directions = 0;
      for (const [from, to] of [
        [first, second],
        [second, first],
      ]) {
        const plan = planVariants(around(from, extra), { classes: [classId] });
        const start = plan.text.indexOf(from);
        const own = plan.sites.filter((site) => site.start >= start && site.end <= start + from.length);
        // a class whose sites come from one form only ("in order to" → "to") has none in the other direction
        if (own.length === 0) continue;
        directions++;
        expect(flipAll({ ...plan, sites: own })).toBe(around(to, extra));
      }
      expect(directions).toBeGreaterThan(0);
    },
  );

  test('every class has a title, a description and at least one example', () => {
    for (const spec of variantClasses('en')) {
      expect(spec.title.length).toBeGreaterThan(3);
      expect(spec.description.length).toBeGreaterThan(20);
      expect(spec.examples.length).toBeGreaterThan(0);
    }
  });
});

describe('where a copy never differs', () => {
  test.each([
    ['a quotation', '"We moved toward a decision," she said.'],
    ['curly quotes', '“We moved toward a decision,” she said.'],
    ['inline code', 'Run `git log toward main` first.'],
    ['a code block', '\n\n```\nmove toward target; count 5 items\n```\n\n'],
    ['a URL', 'https://example.com/toward/five-days'],
    ['an e-mail address', 'toward@example.com'],
    ['a title line', '\n\nA Journey Toward Five Lakes\n\n'],
    ['a name inside a sentence', 'Agatha Christie wrote Towards Zero'],
    ['a figure that is part of a number', 'took 3.5 weeks, 1,300 dollars and 2-3 people'],
    ['a label', 'Chapter 5 covers budgets and Apollo 9 flew'],
    ['an amount', 'a fee of $5 per person and €7 per family'],
  ])('inside %s', (_, protectedText) => {
    const text = around(`Everyone agreed that ${protectedText} was enough for the day.`);
    const start = text.indexOf(protectedText);
    const inside = planVariants(text).sites.filter(
      (site) => site.start >= start && site.end <= start + protectedText.length,
    );
    expect(inside.map((site) => `${site.classId}: ${text.slice(site.start - 5, site.end + 5)}`)).toEqual([]);
  });

  test('contractions: not in a question, not where one would end a clause, not an inversion', () => {
    const mixing = "We don't know yet, and we do not guess.";
    const question = "Don't you see what they are doing?";
    const asked = planVariants(around(question, mixing));
    const start = asked.text.indexOf(question);
    expect(asked.sites.filter((site) => site.start >= start && site.end <= start + question.length)).toEqual([]);
    const clauseEnd = planVariants(around('I know what it is.', mixing));
    expect(clauseEnd.sites.filter((site) => clauseEnd.text.slice(site.start, site.end) === 'it is')).toEqual([]);
    const hasIs = planVariants(around("He's gone home for the day.", mixing));
    expect(hasIs.sites.filter((site) => hasIs.text.slice(site.start, site.end) === "He's")).toEqual([]);
  });

  test.each([
    ['optional-that', 'He said that the other day, and left.'],
    ['optional-that', 'From time to time I heard of his work.'],
    ['optional-that', 'He found that the key was gone.'],
    ['optional-that', 'He said that plan would fail.'],
    ['clause-comma', 'Everyone came, but the mayor.'],
    ['clause-comma', 'We left early, so we missed the end.'],
    ['intro-comma', 'After the board met, the mayor resigned.'],
    ['intro-comma', 'Over the years, the city grew slowly.'],
    ['intro-comma', 'With the help of the board, we won.'],
    ['upon', 'He came upon the house at dusk.'],
    ['upon', 'Once upon a time there was a king.'],
    ['relative-which', 'I know which is best for us.'],
    ['relative-which', 'The house, which was old, fell down.'],
    ['relative-which', 'The room in which it was kept is gone.'],
    ['relative-which', 'That which is lost may be found.'],
  ])('%s: none in "%s"', (classId, sentence) => {
    expect(classesOf(around(sentence))).not.toContain(classId);
  });

  test('contractions only in a text that already uses both forms', () => {
    expect(classesOf(around('We do not expect delays this year at all.'))).not.toContain('contractions');
    expect(classesOf(around('We do not expect delays.', "We can't say more."))).toContain('contractions');
  });

  test('no serial comma in what only looks like a list', () => {
    for (const sentence of [
      'After the storm, trees and houses were damaged along the coast.',
      'When he arrived, Tom and Ann left the house together.',
      'To me, who knew his every mood and habit, his attitude and manner told their own story.',
      'Security controls, such as endpoint and user-based protections, must be in place.',
    ]) {
      expect.soft(classesOf(around(sentence)), sentence).not.toContain('serial-comma');
    }
    expect(classesOf(around('We need paper, ink and envelopes for the new office.'))).toContain('serial-comma');
  });
});

describe('consistency', () => {
  test('forms that must agree carry one choice per copy, unless the text already mixes them', () => {
    const uniform = planVariants(around('We moved toward a decision.', 'Later we moved toward a vote on it.'));
    const spellings = uniform.sites.filter((site) => site.classId === 'spellings');
    expect(spellings.map((site) => site.perCopy)).toEqual([true, true]);
    expect(uniform.capacity.positions).toBeLessThan(uniform.capacity.sites + 1);
    const mixed = planVariants(around('We moved toward a decision.', 'Later we moved towards a vote on it.'));
    expect(mixed.sites.filter((site) => site.classId === 'spellings').map((site) => site.perCopy)).toEqual([
      false,
      false,
    ]);
  });

  test('an optional "that" is one choice per site', () => {
    const plan = planVariants(around('She said that they would come.', 'He thinks we will be late for it.'));
    expect(plan.sites.filter((site) => site.classId === 'optional-that').map((site) => site.perCopy)).toEqual([
      false,
      false,
    ]);
  });

  test('the issuer turns classes on and off', () => {
    const text = around('She said that they would come toward noon.');
    expect(new Set(classesOf(text))).toEqual(new Set(['optional-that', 'spellings']));
    expect(planVariants(text, { classes: ['spellings'] }).sites.map((site) => site.classId)).toEqual(['spellings']);
    expect(() => planVariants(text, { classes: ['no-such-class'] })).toThrow(/unknown variant class/);
  });
});

describe('capacity', () => {
  test('a single leaker among n needs log2(n/ε) positions; too few is refused with the numbers', () => {
    const plan = planVariants(around('She said that they would come toward noon.'), { recipients: 100 });
    expect(plan.capacity.requiredForOneLeaker).toBe(Math.ceil(Math.log2(100 / 1e-6)));
    expect(plan.capacity.enough).toBe(false);
    expect(() => assertVariantCapacity(plan)).toThrow(
      expect.objectContaining({
        code: 'CARRIER_TOO_SHORT',
        message: expect.stringMatching(/2 variant sites .* needs about 27/),
      }),
    );
  });

  test('the options are checked', () => {
    expect(() => planVariants('text', { recipients: 0 })).toThrow(/recipients/);
    expect(() => planVariants('text', { collusion: 9 })).toThrow(/collusion/);
    expect(() => planVariants('text', { falseAccusation: 0 })).toThrow(/falseAccusation/);
    expect(() => planVariants('text', { language: 'xx' })).toThrow(/No variant table/);
  });
});
