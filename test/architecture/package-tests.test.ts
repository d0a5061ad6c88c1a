import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODEC = join(ROOT, 'packages', 'codec');
const CODEC_TESTS = join(CODEC, 'test');

/**
 * What the codec's tests may import besides the codec (by its names or `../src/…`) and each other: the test
 * runner, fast-check, Node's own modules, tsx (the truth harness starts its workers with it), and the repository's
 * `npm pack` helper, which every package's packing check shares.
 */
const ALLOWED_PACKAGES = /^(vitest|fast-check|node:[\w/]+|tsx\/esm\/api|wm-watermark-codec(\/[\w/-]+)?)$/;
const ALLOWED_OUTSIDE = [join(ROOT, 'test', 'packed.ts')];

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\b(?:import|doMock)\(\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Why an import of FILE is not the codec's own, or undefined when it is. */
function foreignImport(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return ALLOWED_PACKAGES.test(specifier) ? undefined : `the package ${specifier}`;
  const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
  if (target.startsWith(CODEC + sep) || ALLOWED_OUTSIDE.includes(target)) return undefined;
  return relative(ROOT, target);
}

describe("the codec's tests live with the codec and test only the codec", () => {
  const files = sourceFiles(CODEC_TESTS);

  it('finds the tests and their imports', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('import only the codec, their own helpers and the test tools', () => {
    const violations = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
        const why = foreignImport(file, match[1] ?? match[2]);
        return why === undefined ? [] : [`${relative(ROOT, file)} imports ${why}`];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('would report an import of the application, another package or a suite outside the package', () => {
    const file = join(CODEC_TESTS, 'decode.test.ts');
    expect(foreignImport(file, '../../../src/index.js')).toBe('src/index.ts');
    expect(foreignImport(file, '../../scan/src/prefilter.js')).toBe('packages/scan/src/prefilter.ts');
    expect(foreignImport(file, '../../../bench/variants/report.js')).toBe('bench/variants/report.ts');
    expect(foreignImport(file, 'wm-watermark-scan/walk')).toBe('the package wm-watermark-scan/walk');
    expect(foreignImport(file, '../src/frame.js')).toBeUndefined();
    expect(foreignImport(file, './corpus/load.js')).toBeUndefined();
    expect(foreignImport(file, 'wm-watermark-codec/robust')).toBeUndefined();
  });

  it('no suite is left in test/codec, test/corpus or test/truth', () => {
    const left = ['codec', 'corpus', 'truth'].filter((name) => {
      try {
        return readdirSync(join(ROOT, 'test', name)).length > 0;
      } catch {
        return false;
      }
    });
    expect(left).toEqual([]);
  });
});
