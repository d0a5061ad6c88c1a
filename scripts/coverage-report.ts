// `npm run report:coverage`: how much of each language's text can carry a watermark (scripts/coverage-table.ts).
// Prints the table and writes it into README.md and docs/FORMAT.md, between the coverage markers (--print: only
// prints it).
import { readFileSync, writeFileSync } from 'node:fs';
import { COVERAGE_BEGIN, COVERAGE_END, COVERAGE_FILES, coverageTable } from './coverage-table.js';

function writeBetweenMarkers(file: string, table: string): void {
  const url = new URL(`../${file}`, import.meta.url);
  const current = readFileSync(url, 'utf8');
  const [before, rest] = current.split(COVERAGE_BEGIN);
  if (rest === undefined || !rest.includes(COVERAGE_END)) {
    throw new Error(`${file} lacks the ${COVERAGE_BEGIN} … ${COVERAGE_END} markers`);
  }
  const after = rest.slice(rest.indexOf(COVERAGE_END) + COVERAGE_END.length);
  writeFileSync(url, `${before}${COVERAGE_BEGIN}\n${table}\n${COVERAGE_END}${after}`);
}

const table = coverageTable();
process.stdout.write(`${table}\n`);
if (!process.argv.includes('--print')) {
  for (const file of COVERAGE_FILES) writeBetweenMarkers(file, table);
}
