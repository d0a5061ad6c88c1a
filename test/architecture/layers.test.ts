import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
/** The codec is the workspace package wm-watermark-codec: its files are the `codec` layer. */
const CODEC_SRC = fileURLToPath(new URL('../../packages/codec/src', import.meta.url));
/** The scan engine is the workspace package wm-watermark-scan: its files are the `scan` layer. */
const SCAN_SRC = fileURLToPath(new URL('../../packages/scan/src', import.meta.url));
/** The C2PA package, wm-watermark-c2pa: its files are the `c2pa` layer. */
const C2PA_SRC = fileURLToPath(new URL('../../packages/c2pa/src', import.meta.url));

/**
 * Which layers each layer may import relatively (docs/ARCHITECTURE.md). A layer is a folder of src/; `root` is the
 * files at src/ itself (the library entry point and the version), which every layer may read; `codec` and `scan` are
 * the workspace packages' sources, which the other layers reach only by their names (`wm-watermark-codec`,
 * `wm-watermark-scan/walk`, never a relative path).
 */
const ALLOWED: Record<string, readonly string[]> = {
  codec: ['codec'],
  // C2PA manifests, on the codec's framing, which it reaches by the codec's name
  c2pa: ['c2pa'],
  store: ['store'],
  // of the store, the domain uses only the port (see STORE_PORT_MODULES)
  domain: ['domain', 'store', 'root'],
  // what runs on a whole data folder: opening the domain on it, backup, restore, master key rotation
  'data-folder': ['data-folder', 'domain', 'store', 'root'],
  server: ['server', 'mcp', 'ops', 'client', 'data-folder', 'domain', 'store', 'api', 'root'],
  cli: ['cli', 'server', 'mcp', 'ops', 'client', 'data-folder', 'domain', 'store', 'api', 'root'],
  // the scan engine (the walk, files read in windows, the byte search, worker threads, SARIF): the CLI drives it
  scan: ['scan'],
  root: ['root'],
  // the dashboard and checker run in browsers and know the server only as its HTTP API
  web: ['web', 'api'],
  // the API's paths and the types of its answers, shared by the server and the dashboard: of the server and the
  // table of operations, types only (see the test below), so the browser gets nothing of it
  api: ['api', 'server', 'ops'],
  // the HTTP client of a wm server knows nothing of the server's code
  client: ['client', 'root'],
  // the table of operations and its backends; of the domain, only its types (see DOMAIN_TYPES_ONLY)
  ops: ['ops', 'client', 'domain', 'api', 'root'],
  mcp: ['mcp', 'ops', 'client', 'root'],
};

/**
 * Layers that may see the domain's shapes but must not load it (it would bring the database into `wm mcp` and the
 * remote CLI): their imports of domain/ are `import type`, or of its modules of plain values (PLAIN_DOMAIN_MODULES).
 */
const DOMAIN_TYPES_ONLY = ['ops'];
/**
 * The domain's modules that those layers may load: the operations and their rules (which import nothing), the
 * public types, and the shapes of the account operations (JSON schemas made of plain values, see DOMAIN_SHAPES).
 */
const PLAIN_DOMAIN_MODULES = [
  'types.js',
  'operation-rules.js',
  join('copies', 'values.js'),
  join('shapes', 'copies.js'),
  join('shapes', 'string-enum.js'),
];
/**
 * The account operations' inputs and results, declared once as TypeBox schemas: the only modules of the domain that
 * load TypeBox; the rest of the domain takes their Static<> types (`import type`), so a start never loads it there.
 */
const DOMAIN_SHAPES = join(SRC, 'domain', 'shapes');

/** The database packages: only the store's adapters (src/store/sqlite/, …) load them. */
const DATABASE_PACKAGES = /^(better-sqlite3|drizzle-orm|drizzle-kit|pg|postgres)(\/|$)/;

/**
 * Packages a layer must not load, beyond the layer rules: the codec runs in browsers and in the CLI's fast path;
 * the domain works through the store's port and never sees SQL, a query builder or a driver.
 */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  codec: /^(?!unicode-segmenter(\/|$)|node:(crypto|module)$)/,
  // well-kept libraries for CBOR and X.509 (with the Reflect API @peculiar/x509 needs), and the codec
  c2pa: /^(?!node:crypto$|cbor2$|@peculiar\/x509$|reflect-metadata$|wm-watermark-codec(\/|$))/,
  // the store keeps rows; what a mark means is the domain's business
  store: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|wm-watermark-codec)/,
  domain: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|drizzle-kit|pg|postgres)(\/|$)/,
  'data-folder':
    /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|drizzle-kit|pg|postgres)(\/|$)/,
  // the C2PA package's verification only (its signing needs node:crypto)
  web: /^(?!preact(\/|$)|@preact\/signals$|wm-watermark-codec(\/|$)|wm-watermark-c2pa\/verify$)/,
  client: /^(?!node:)/,
  // the scan package: Node's own modules, the codec, and the two small packages of its walk (globs, .gitignore)
  scan: /^(?!node:|wm-watermark-codec(\/|$)|picomatch$|ignore$)/,
  ops: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm|@modelcontextprotocol\/)/,
  mcp: /^(fastify|@fastify\/|commander|@inquirer\/|chalk|better-sqlite3|drizzle-orm)/,
};

/**
 * The modules allowed a package their layer forbids: the codec's stand-in for node:crypto in browsers, which
 * verifies signatures with the noble libraries (docs/ARCHITECTURE.md, "What the codec package may load").
 */
const PACKAGE_EXCEPTIONS: Record<string, RegExp> = {
  [join(CODEC_SRC, 'browser-crypto.ts')]: /^@noble\/(ed25519|hashes\/sha2\.js)$/,
  // and the C2PA package's SHA-256 in browsers, the same library's
  [join(C2PA_SRC, 'browser-sha256.ts')]: /^@noble\/hashes\/sha2\.js$/,
};

/** The store's entry point, and the modules behind it that make up its port (the rest is the data folder's). */
const STORE_INDEX = join(SRC, 'store', 'index.js');
const STORE_PORT_MODULES = ['./port/index.js', './group-commit.js', './limiter-state.js', './database-failure.js'];

/** The module of src/store/index.ts that exports NAME: the one that names it, else the port (`export *`). */
function storeModuleOf(name: string): string {
  const index = readFileSync(join(SRC, 'store', 'index.ts'), 'utf8');
  for (const match of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    if (namesOf(match[1]).includes(name)) return match[2];
  }
  return './port/index.js';
}

/** The value names of an import or export list (`a, type B, c as d` → a, c). */
const namesOf = (list: string): string[] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]);

/** A file's value imports (not `import type`) with the names they bring. */
function valueImportsOf(file: string): { specifier: string; names: string[] }[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*import\s+(?!type\b)\{([^}]*)\}\s*from\s*'([^']+)'/g)].map((match) => ({
    specifier: match[2],
    names: namesOf(match[1]),
  }));
}

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
  if (file === SCAN_SRC || file.startsWith(SCAN_SRC + sep)) return 'scan';
  if (file === C2PA_SRC || file.startsWith(C2PA_SRC + sep)) return 'c2pa';
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === '..') return 'outside src';
  return parts.length === 1 ? 'root' : parts[0];
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

const files = [...sourceFiles(SRC), ...sourceFiles(CODEC_SRC), ...sourceFiles(SCAN_SRC), ...sourceFiles(C2PA_SRC)];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one loop left, between the CLI's codec commands and its remote client: the operations-table work (issue 32)
 * rewrites src/cli/codec/on-server.ts, and breaks it there; then this exception goes.
 */
/** The source files a file imports relatively (`./x.js` names x.ts or x.tsx). */
function localImportsOf(file: string): string[] {
  return importsOf(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, ''))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`].filter((candidate) => existsSync(candidate)));
}

/** The import loops of a graph: its strongly connected components of more than one module (Tarjan). */
function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (stack.includes(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) loops.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

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
        if (PACKAGE_EXCEPTIONS[file]?.test(specifier)) continue;
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
        if (layerOf(target) === 'domain' && !PLAIN_DOMAIN_MODULES.includes(relative(join(SRC, 'domain'), target))) {
          violations.push(`${relative(SRC, file)} loads ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('of the domain, only its shapes load TypeBox, and the rest sees them as types', () => {
    const violations: string[] = [];
    const VALUE_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g;
    for (const file of files.filter((f) => layerOf(f) === 'domain' && !f.startsWith(DOMAIN_SHAPES + sep))) {
      for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
        const target = match[1].startsWith('.') ? resolve(dirname(file), match[1]) : match[1];
        if (target.startsWith('@sinclair/typebox') || target.startsWith(DOMAIN_SHAPES + sep))
          violations.push(`${relative(SRC, file)} loads ${match[1]}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the rules of the operations import nothing: the table and wm mcp read them without the domain', () => {
    expect(importsOf(join(SRC, 'domain', 'operation-rules.ts'))).toEqual([]);
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

  it("the domain uses only the store's port, no function of the data folder (open, lock, master key)", () => {
    const violations: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === 'domain')) {
      for (const { specifier, names } of valueImportsOf(file)) {
        if (resolve(dirname(file), specifier) !== STORE_INDEX) continue;
        const outside = names.filter((name) => !STORE_PORT_MODULES.includes(storeModuleOf(name)));
        if (outside.length > 0) violations.push(`${relative(SRC, file)} imports ${outside.join(', ')}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('would report the domain opening the data folder', () => {
    expect(STORE_PORT_MODULES).not.toContain(storeModuleOf('openDataFolder'));
    expect(STORE_PORT_MODULES).not.toContain(storeModuleOf('installMasterKey'));
    expect(STORE_PORT_MODULES).toContain(storeModuleOf('createGroupCommit'));
    expect(STORE_PORT_MODULES).toContain(storeModuleOf('NameTakenError'));
  });

  it('would report the domain importing drizzle or an adapter', () => {
    expect(FORBIDDEN_PACKAGES.domain.test('drizzle-orm')).toBe(true);
    expect(FORBIDDEN_PACKAGES.domain.test('better-sqlite3')).toBe(true);
    expect(storePartOf(resolve(join(SRC, 'domain'), '../store/sqlite/schema.js'))).toBe('sqlite');
    expect(storePartOf(resolve(join(SRC, 'domain'), '../store/index.js'))).toBe('port');
  });

  it('no import loop: no module reaches itself through its imports, type-only and lazy ones included', () => {
    const graph = new Map(files.map((file) => [file, localImportsOf(file)]));
    const loops = importLoops(graph).map((loop) => loop.map((file) => relative(ROOT, file)).sort());
    expect(loops).toEqual([]);
  });

  it('would report a loop, and only a loop', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(importLoops(graph).map((loop) => [...loop].sort())).toEqual([['a', 'b', 'c']]);
    expect(
      importLoops(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('would report the CLI reaching into the scan package by a relative path, or the scan package into the CLI', () => {
    const cli = join(SRC, 'cli', 'scan', 'run-scan.ts');
    expect(ALLOWED[layerOf(cli)]).not.toContain(layerOf(resolve(dirname(cli), '../../../packages/scan/src/walk.js')));
    expect(ALLOWED.scan).not.toContain(layerOf(cli));
    expect(FORBIDDEN_PACKAGES.scan.test('commander')).toBe(true);
    expect(FORBIDDEN_PACKAGES.scan.test('chalk')).toBe(true);
    expect(FORBIDDEN_PACKAGES.scan.test('picomatch')).toBe(false);
  });

  it('would report a server module importing the CLI', () => {
    const from = layerOf(join(SRC, 'server', 'app.ts'));
    const to = layerOf(resolve(join(SRC, 'server', 'routes'), '../../cli/main.js'));
    expect(ALLOWED[from]).not.toContain(to);
  });
});
