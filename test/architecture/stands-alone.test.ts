import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isGeneratedFolder } from './generated-folders.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'packages', 'test', 'bench', 'scripts', 'docs', 'README.md', '.ci'];

// Documents that lived beside the repository while it was founded; a reader of the repository cannot open them.
// The names are assembled so that this file does not name them itself.
const OUTSIDE = new RegExp(['\\.\\./shared/', 'DESIGN\\.md', 'PITFALLS\\.md', 'spec' + '/interface'].join('|'));

function files(path: string): string[] {
  if (statSync(path).isFile()) return /\.(ts|tsx|mjs|cjs|js|md|json|css|sh)$|\/run$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => (isGeneratedFolder(name) ? [] : files(join(path, name))));
}

describe('the repository stands alone', () => {
  it('no code, test or document sends the reader to a document outside the repository', () => {
    const hits = SCANNED.flatMap((entry) => files(join(ROOT, entry))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (OUTSIDE.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
