import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'packages/codec/src', 'scripts', 'bin'];

/** A measured figure: "~3 ms", "≈ 10 ms", "25 µs", "50×" (a number and a unit of time, size or ratio). */
const MEASUREMENT = /(?:~|≈) ?\d[\d.,–-]* ?(?:µs|ns|ms|s|%|MiB|MB|KB)\b|\d ?(?:µs|ns)\b|\d ?× (?!10\^)/;
const COMMENT = /^\s*(?:\/\/|\/\*|\*)/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('measurements live in docs/PERFORMANCE.md, not in source comments', () => {
  it('no comment in src/, scripts/ or bin/ states a measured time, size or ratio', () => {
    const hits = SCANNED.flatMap((folder) => files(join(ROOT, folder))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          COMMENT.test(line) && MEASUREMENT.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });

  it('would report the figures that used to sit in comments, and not a formula', () => {
    const caught = ['// loading them weighs ~2 ms', ' * the policy each time (~25 µs, a tenth', ' * costs 50× what'];
    for (const line of caught) expect(COMMENT.test(line) && MEASUREMENT.test(line)).toBe(true);
    expect(MEASUREMENT.test('/** A step of 1, 2 or 5 × 10^n giving about four grid lines */')).toBe(false);
  });
});
