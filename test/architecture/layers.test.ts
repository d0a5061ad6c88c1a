import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
/** The codec is the workspace package wm-watermark-codec: its files are the `codec` layer. */
const CODEC_SRC = fileURLToPath(new URL('../../packages/codec/src', import.meta.url));

/**
 * Which layers each layer may import relatively (docs/ARCHITECTURE.md). A layer is a folder of src/; `root` is the
 * files at src/ itself (the library entry point and the version), which every layer may read; `codec` is the codec
 * package's sources, which the other layers reach only by its name (`wm-watermark-codec`, never a relative path).
 */
const ALLOWED: Record<string, readonly string[]> = {
  codec: ['codec'],
  store: ['store'],
  domain: ['domain', 'store', 'root'],
  server: ['server', 'mcp', 'ops', 'client', 'domain', 'store', 'api', 'root'],
  cli: ['cli', 'server', 'mcp', 'ops', 'client', 'domain', 'store', 'scan', 'api', 'root'],
  // the scan engine (files read in windows, the byte prefilter, worker threads): the CLI drives it
  scan: ['scan'],
  root: ['root'],
  // the dashboard and checker run in browsers and know the server only as its HTTP API
  web: ['web', 'api'],
  // the API's paths and the types of its answers, shared by the server and the dashboard: of the server, types only
  // (see the test below), so the browser gets nothing of it
  api: ['api', 'server'],
  // the HTTP client of a wm server knows nothing of the server's code
  client: ['client', 'root'],
  // the table of operations and its backends; of the domain, only its types (see DOMAIN_TYPES_ONLY)
  ops: ['ops', 'client', 'domain', 'api', 'root'],
  mcp: ['mcp', 'ops', 'client', 'root'],
};

/**
 * Layers that may see the domain's shapes but must not load it (it would bring the database into `wm mcp` and the
 * remote CLI): their imports of domain/ are `import type`, or of domain/types.ts, which holds plain values only.
 */
const DOMAIN_TYPES_ONLY = ['ops'];

/** The database packages: only the store's adapters (src/store/sqlite/, …) load them. */
const DATABASE_PACKAGES = /^(better-sqlite3|drizzle-orm|drizzle-kit|pg|postgres)(\/|$)/;

/**
 * Packages a layer must not load, beyond the layer rules: the codec runs in browsers and in the CLI's fast path;
 * the domain works through the store's port and never sees SQL, a query builder or a driver.
 */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  codec: /^(?!unicode-segmenter(\/|$)|node:(crypto|module)$)/,
  // the store keeps rows; what a mark means is the domain's business
  store: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|wm-watermark-codec)/,
  domain: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|drizzle-kit|pg|postgres)(\/|$)/,
  web: /^(?!preact(\/|$)|@preact\/signals$|wm-watermark-codec(\/|$))/,
  client: /^(?!node:)/,
  scan: /^(?!node:|wm-watermark-codec(\/|$))/,
  ops: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|@modelcontextprotocol\/)/,
  mcp: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm)/,
};

/** Where a file sits inside the store: in a database adapter (its folder's name) or in the port and its helpers. */
function storePartOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] !== 'store') return undefined;
  return parts.length > 2 ? parts[1] : 'port';
}

/** The store's folders that are part of the port (what the other layers may import); any other folder is an adapter. */
const PORT_FOLDERS = ['port'];

const IMPORT = new RegExp(
  [
    /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/.source,
    /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/.source,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/.source,
  ].join('|'),
  'g',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function layerOf(file: string): string {
  if (file === CODEC_SRC || file.startsWith(CODEC_SRC + sep)) return 'codec';
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === '..') return 'outside src';
  return parts.length === 1 ? 'root' : parts[0];
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const files = [...sourceFiles(SRC), ...sourceFiles(CODEC_SRC)];

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
        if (!(ALLOWED[from] ?? []).includes(to))
          violations.push(`${relative(SRC, file)} (${from}) imports ${specifier} (${to})`);
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
    const VALUE_IMPORT =
      /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
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

  it('the shared API module loads no code but its own: it sees the server and packages as types only', () => {
    const violations: string[] = [];
    const VALUE_IMPORT =
      /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const file of files.filter((f) => layerOf(f) === 'api')) {
      for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
        const specifier = match[1] ?? match[2];
        const own = specifier.startsWith('.') && layerOf(resolve(dirname(file), specifier)) === 'api';
        if (!own) violations.push(`${relative(SRC, file)} loads ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('only the database adapters of the store load database packages; the rest reach the store by its port', () => {
    const violations: string[] = [];
    for (const file of files) {
      const part = storePartOf(file);
      const inAdapter = part !== undefined && !PORT_FOLDERS.includes(part);
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) {
          if (DATABASE_PACKAGES.test(specifier) && !inAdapter) {
            violations.push(`${relative(SRC, file)} imports ${specifier}`);
          }
          continue;
        }
        const target = resolve(dirname(file), specifier);
        const targetPart = storePartOf(target);
        const intoAdapter = targetPart !== undefined && !PORT_FOLDERS.includes(targetPart);
        // the store opens its adapters; an adapter's files import each other; nobody else reaches into one
        if (intoAdapter && part === undefined) violations.push(`${relative(SRC, file)} imports ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('would report the domain importing drizzle or an adapter', () => {
    expect(FORBIDDEN_PACKAGES.domain.test('drizzle-orm')).toBe(true);
    expect(FORBIDDEN_PACKAGES.domain.test('better-sqlite3')).toBe(true);
    expect(storePartOf(resolve(join(SRC, 'domain'), '../store/sqlite/schema.js'))).toBe('sqlite');
    expect(storePartOf(resolve(join(SRC, 'domain'), '../store/index.js'))).toBe('port');
  });

  it('would report a server module importing the CLI', () => {
    const from = layerOf(join(SRC, 'server', 'app.ts'));
    const to = layerOf(resolve(join(SRC, 'server', 'routes'), '../../cli/main.js'));
    expect(ALLOWED[from]).not.toContain(to);
  });
});
