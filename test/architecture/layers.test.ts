import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/**
 * Which layers each layer may import (docs/ARCHITECTURE.md). A layer is a folder of src/; `root` is the files at
 * src/ itself (the library entry point and the version), which every layer may read.
 */
const ALLOWED: Record<string, readonly string[]> = {
  codec: ['codec'],
  store: ['store', 'codec'],
  domain: ['domain', 'store', 'codec', 'root'],
  server: ['server', 'mcp', 'ops', 'client', 'domain', 'store', 'codec', 'root'],
  cli: ['cli', 'server', 'mcp', 'ops', 'client', 'domain', 'store', 'codec', 'root'],
  root: ['root', 'codec'],
  // the dashboard and checker run in browsers and know the server only as its HTTP API
  web: ['web', 'codec'],
  // the HTTP client of a wm server knows nothing of the server's code
  client: ['client', 'root'],
  // the table of operations and its backends; of the domain, only its types (see DOMAIN_TYPES_ONLY)
  ops: ['ops', 'codec', 'client', 'domain', 'root'],
  mcp: ['mcp', 'ops', 'client', 'codec', 'root'],
};

/**
 * Layers that may see the domain's shapes but must not load it (it would bring the database into `wm mcp` and the
 * remote CLI): their imports of domain/ are `import type`, or of domain/types.ts, which holds plain values only.
 */
const DOMAIN_TYPES_ONLY = ['ops'];

/** Packages a layer must not load, beyond the layer rules: the codec runs in browsers and in the CLI's fast path. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  codec: /^(?!unicode-segmenter(\/|$)|node:(crypto|module)$)/,
  domain: /^(fastify|@fastify\/|commander|@inquirer\/|chalk)/,
  store: /^(fastify|@fastify\/|commander|@inquirer\/|chalk)/,
  web: /^(?!preact(\/|$)|@preact\/signals$)/,
  client: /^(?!node:)/,
  ops: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|@modelcontextprotocol\/)/,
  mcp: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm)/,
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function layerOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length === 1 ? 'root' : parts[0];
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const files = sourceFiles(SRC);

describe('the layers of src/ import only what the architecture allows', () => {
  it('finds the source and its imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(importsOf(join(SRC, 'cli', 'main.ts'))).toContain('commander');
  });

  it('no relative import crosses a layer boundary the wrong way', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const to = layerOf(resolve(dirname(file), specifier));
        if (!(ALLOWED[from] ?? []).includes(to)) violations.push(`${relative(SRC, file)} (${from}) imports ${specifier} (${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no layer loads a package it must not', () => {
    const violations: string[] = [];
    for (const file of files) {
      const forbidden = FORBIDDEN_PACKAGES[layerOf(file)];
      if (!forbidden) continue;
      for (const specifier of importsOf(file).filter((s) => !s.startsWith('.'))) {
        if (forbidden.test(specifier)) violations.push(`${relative(SRC, file)} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the layers that may only see the types of the domain load none of its code', () => {
    const violations: string[] = [];
    const VALUE_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const file of files.filter((f) => DOMAIN_TYPES_ONLY.includes(layerOf(f)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
        const specifier = match[1] ?? match[2];
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier);
        if (layerOf(target) === 'domain' && relative(join(SRC, 'domain'), target) !== 'types.js') {
          violations.push(`${relative(SRC, file)} loads ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('would report a server module importing the CLI', () => {
    const from = layerOf(join(SRC, 'server', 'app.ts'));
    const to = layerOf(resolve(join(SRC, 'server', 'routes'), '../../cli/main.js'));
    expect(ALLOWED[from]).not.toContain(to);
  });
});
