import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_SUITES } from '../postgres/database-free.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/g;

/** What gives a test a database: the store, the test database, the domain fixture, a server or a spawned wm. */
const DATABASE = new RegExp(
  [
    /^src\/(store|server|data-folder)\//,
    /^test\/(database|domain\/fixture|server\/(harness|serve-process))\.ts$/,
    /^test\/(reliability\/live-server|cli\/codec-harness)\.ts$/,
  ]
    .map(({ source }) => source)
    .join('|'),
);

/** The repository's files FILE imports, and what those under test/ import in turn. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts');
    if (seen.has(target) || !existsSync(join(ROOT, target))) continue;
    seen.add(target);
    if (target.startsWith('test/')) reached(target, seen);
  }
  return seen;
}

describe('the suites the postgres project leaves out touch no database', () => {
  it.each(DATABASE_FREE_SUITES)('%s imports no store, fixture, server or wm process', (suite) => {
    expect(existsSync(join(ROOT, suite))).toBe(true);
    expect([...reached(suite)].filter((file) => DATABASE.test(file))).toEqual([]);
  });

  it('the check sees a suite that does', () => {
    expect([...reached('test/domain/opaque-id.test.ts')]).toContain('test/domain/fixture.ts');
    expect([...reached('test/domain/copies/forget-document.test.ts')]).toContain('test/server/harness.ts');
  });
});
