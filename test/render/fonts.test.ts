import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { APT_PACKAGES, fontFamiliesFor } from './fonts.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';

// A family that is not installed would silently fall back to another font: the check would draw less than it says.
test('every font family the corpus is drawn with is installed, and at least two per text', () => {
  const installed = new Set(
    execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' })
      .split('\n')
      .flatMap((line) => line.split(',')),
  );
  for (const { name } of loadCorpus()) {
    const lists = fontFamiliesFor(name);
    expect(lists.length, name).toBeGreaterThanOrEqual(2);
    const families = lists.flatMap((list) => list.split(', ').map((font) => font.replaceAll('"', '')));
    expect(
      families.filter((family) => !installed.has(family)),
      name,
    ).toEqual([]);
  }
});

test('CI installs every package the render check needs', () => {
  const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
  expect(APT_PACKAGES.split(' ').filter((name) => !ci.includes(name))).toEqual([]);
});
