// @vitest-environment jsdom
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import type { PreviewCopiesResult } from '../../../src/web/app/api-types.js';
import { VARIANT_CLASSES } from '../../../src/api/variant-classes.generated.js';
import {
  DEFAULT_VARIANTS,
  VariantsOption,
  VariantsPreview,
  variantsField,
  variantsReady,
  type VariantsChoice,
} from '../../../src/web/app/pages/copies-variants.js';

// The Copies page's preview of an issue with visible variants: the capacity in words, whether the issue would be
// made or the refusal with its numbers, every site and each recipient's differences.

const capacity = {
  classes: ['serial-comma', 'spellings', 'dashes'],
  sites: 3,
  positions: 2,
  words: 120,
  sites_per_thousand_words: 25,
  collusion: 2,
  false_accusation: 1e-6,
  needed_for_one_leaker: 23,
  needed: 270,
};

const preview = (enough: boolean): PreviewCopiesResult => ({
  document: { name: 'memo.txt', characters: 700 },
  variants: { ...capacity, enough, refusal: enough ? null : 'This text has 3 variant sites … needs about 270.' },
  sites: [
    { class: 'serial-comma', start: 10, end: 15, text: ', and', forms: [', and', ' and'], per_copy: true },
    { class: 'spellings', start: 40, end: 46, text: 'toward', forms: ['toward', 'towards'], per_copy: true },
    { class: 'spellings', start: 90, end: 96, text: 'toward', forms: ['toward', 'towards'], per_copy: true },
  ],
  copies: [
    { recipient: 'alice', differences: [] },
    {
      recipient: 'bob',
      differences: [
        { site: 1, class: 'spellings', start: 40, end: 46, from: 'toward', to: 'towards' },
        { site: 2, class: 'spellings', start: 90, end: 96, from: 'toward', to: 'towards' },
      ],
    },
  ],
});

function shown(result: PreviewCopiesResult): HTMLElement {
  const root = document.createElement('div');
  render(h(VariantsPreview, { preview: result }), root);
  return root;
}

describe('the preview of visible variants', () => {
  it('says the capacity, that an issue would be made, every site and each copy’s differences', () => {
    const root = shown(preview(true));
    const text = root.textContent ?? '';
    expect(text).toContain('3 variant sites in 120 words (25 per 1,000), 2 independent choices (bits)');
    expect(text).toContain('about 23 of them to name a single leaker, 270 to name one of 2 colluding recipients');
    expect(text).toContain('at most 0.000001 a trace');
    expect(text).toContain('Enough for 2 recipients: an issue would be made.');
    expect(text).toContain(
      'Sites by class: Serial comma 1, Equivalent words and spellings 2. No site in this text: Dashes.',
    );
    expect(root.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(root.querySelector('tbody td')?.textContent).toBe('Serial comma');
    const summaries = [...root.querySelectorAll('summary')].map((summary) => summary.textContent);
    expect(summaries).toEqual(['3 sites', 'alice: 0 differences', 'bob: 2 differences']);
    expect([...root.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'spellings: “toward” → “towards”',
      'spellings: “toward” → “towards”',
    ]);
  });

  it('shows the refusal with its numbers when an issue would be refused', () => {
    const root = shown(preview(false));
    expect(root.querySelector('[role="alert"], .notice')?.textContent ?? root.textContent).toContain(
      'This text has 3 variant sites … needs about 270.',
    );
    expect(root.textContent).not.toContain('an issue would be made');
  });

  it('asks for variants only when the option is on, with the classes chosen', () => {
    expect(variantsField({ ...DEFAULT_VARIANTS, colluders: 3 })).toEqual({});
    expect(variantsField({ on: true, colluders: 3, classes: ['spellings'] })).toEqual({
      variants: { collusion: 3, classes: ['spellings'] },
    });
    expect(variantsReady({ on: true, colluders: 1, classes: [] })).toBe(false);
    expect(variantsReady({ on: false, colluders: 1, classes: [] })).toBe(true);
  });
});

describe('the choice of variant classes', () => {
  function chosen(choice: VariantsChoice) {
    // in the document: a checkbox outside it does not fire its change event when clicked
    const root = document.body.appendChild(document.createElement('div'));
    const choices: VariantsChoice[] = [];
    render(h(VariantsOption, { choice, onChoice: (next) => choices.push(next) }), root);
    return { root, choices, boxes: [...root.querySelectorAll<HTMLInputElement>('input[name="copies-variant-class"]')] };
  }

  it('starts with the classes the CLI and the API turn on by default', () => {
    const defaults = VARIANT_CLASSES.filter((known) => known.enabledByDefault).map((known) => known.id);
    expect(DEFAULT_VARIANTS.classes).toEqual(defaults);
    expect(DEFAULT_VARIANTS.on).toBe(false);
  });

  it('shows a checkbox per class with an example only when variants are on', () => {
    expect(chosen(DEFAULT_VARIANTS).boxes).toHaveLength(0);
    const { root, boxes } = chosen({ ...DEFAULT_VARIANTS, on: true });
    expect(boxes.map((box) => box.value)).toEqual(VARIANT_CLASSES.map((known) => known.id));
    expect(boxes.every((box) => box.checked)).toBe(true);
    expect(root.textContent).toContain('Serial comma');
    const serial = '“We need paper, ink, and envelopes.” / “We need paper, ink and envelopes.”';
    expect(root.textContent).toContain(serial);
  });

  it('turns a class off and on again in the table’s order, and asks for one when none is left', () => {
    const on = { ...DEFAULT_VARIANTS, on: true };
    const off = chosen(on);
    off.boxes.find((box) => box.value === 'contractions')!.click();
    expect(off.choices.at(-1)!.classes).toEqual(on.classes.filter((id) => id !== 'contractions'));
    const back = chosen({ ...on, classes: ['dashes'] });
    back.boxes.find((box) => box.value === 'spellings')!.click();
    expect(back.choices.at(-1)!.classes).toEqual(['spellings', 'dashes']);
    expect(chosen({ ...on, classes: [] }).root.textContent).toContain('Turn on at least one class.');
  });
});
