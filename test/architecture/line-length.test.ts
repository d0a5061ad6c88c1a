import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isGeneratedFolder } from './generated-folders.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['src', 'packages', 'test', 'bench', 'scripts', 'bin'];
const MAX_COLUMNS = 120;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return isGeneratedFolder(entry.name) ? [] : codeFiles(path);
    return /\.(ts|tsx|js|mjs|cjs|css)$/.test(entry.name) ? [path] : [];
  });
}

// Prettier wraps code at 120 columns but leaves strings, comments and template literals as they are; this holds
// those to the same width.
describe('lines stay within 120 columns', () => {
  it('in the code, tests, benchmarks and scripts', () => {
    const files = FOLDERS.flatMap((folder) => codeFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line].length > MAX_COLUMNS ? [`${relative(ROOT, file)}:${index + 1} (${[...line].length})`] : [],
        ),
    );
    expect(long).toEqual([]);
  });
});
