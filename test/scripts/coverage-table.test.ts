import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { COVERAGE_FILES, coverageTable, shownCoverageTable } from '../../scripts/coverage-table.js';
import { LANGUAGES } from '../../packages/codec/test/corpus/languages.js';

// The coverage table is measured, not written by hand: what README.md and docs/FORMAT.md show must be what the codec
// gives now (after a change of the carrier rules or the corpus, `npm run report:coverage` writes it anew).
test('README.md and docs/FORMAT.md show the coverage table the codec gives now', () => {
  const table = coverageTable();
  for (const file of COVERAGE_FILES) {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(shownCoverageTable(text), `${file}: run npm run report:coverage`).toBe(table);
  }
});

test('the table has a row for every language, and each carries a 16-byte secret in its sentence', () => {
  const rows = coverageTable().split('\n').slice(2);
  expect(rows.map((row) => row.split(' | ')[0].slice(2))).toEqual(LANGUAGES.map(([, label]) => label));
  for (const row of rows) expect(row.split(' | ')[3], row).toMatch(/^yes \(/);
});
