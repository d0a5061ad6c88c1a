#!/usr/bin/env node
// Builds the dashboard and checker (src/web/) into the web/ folder of the build given (`npm run build`:
// scripts/build.mjs): ES modules bundled and minified by esbuild, every asset named by its content hash (so
// `wm serve` can cache them for a year), the HTML shell that loads them, a manifest `wm serve` reads at start-up, and
// gzip and brotli copies of each asset made once here instead of per request. The checker's codec is a chunk of its
// own, fetched only when the checker page opens.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.argv[2]) throw new Error('usage: node scripts/build-web.mjs BUILD_FOLDER (npm run build gives it)');
const OUT = join(resolve(process.argv[2]), 'web');
const ASSETS = join(OUT, 'assets');
const ENTRY = 'src/web/app/main.tsx';

await rm(OUT, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: [ENTRY],
  outdir: ASSETS,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  sourcemap: 'linked',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  metafile: true,
  // the codec from its sources; its package.json's `browser` field swaps node:crypto for getRandomValues
  conditions: ['wm-source'],
  logLevel: 'warning',
});

const outputs = result.metafile.outputs;
const url = (file) => `/assets/${basename(file)}`;
const [entryFile, entry] = Object.entries(outputs).find(([, output]) => output.entryPoint === ENTRY);
const staticImports = (file, seen = new Set()) => {
  for (const { path, kind } of outputs[file].imports) {
    if (kind === 'import-statement' && !seen.has(path)) {
      seen.add(path);
      staticImports(path, seen);
    }
  }
  return seen;
};
const preloads = [...staticImports(entryFile)];

const favicon = await readFile(join(root, 'src', 'web', 'favicon.svg'));
const faviconName = `favicon-${createHash('sha256').update(favicon).digest('hex').slice(0, 8)}.svg`;
await writeFile(join(ASSETS, faviconName), favicon);

const template = await readFile(join(root, 'src', 'web', 'index.html'), 'utf8');
const html = template
  .replace('<!--favicon-->', `<link rel="icon" type="image/svg+xml" href="/assets/${faviconName}">`)
  .replace('<!--styles-->', `<link rel="stylesheet" href="${url(entry.cssBundle)}">`)
  .replace(
    '<!--scripts-->',
    [
      ...preloads.map((file) => `<link rel="modulepreload" href="${url(file)}">`),
      `<script type="module" src="${url(entryFile)}"></script>`,
    ].join('\n'),
  );
await writeFile(join(OUT, 'index.html'), html);

// What the sign-in page (and every dashboard page) downloads before it can draw: the budget is counted on these.
const firstLoad = [entryFile, entry.cssBundle, ...preloads].map((file) => basename(file));
const pages = JSON.parse(await readFile(join(root, 'src', 'web', 'pages.json'), 'utf8'));
await writeFile(join(OUT, 'manifest.json'), `${JSON.stringify({ html: 'index.html', pages, firstLoad }, null, 2)}\n`);

for (const file of [...Object.keys(outputs), relative(root, join(ASSETS, faviconName))]) {
  if (file.endsWith('.map')) continue;
  const content = await readFile(join(root, file));
  await writeFile(join(root, `${file}.gz`), gzipSync(content, { level: 9 }));
  await writeFile(
    join(root, `${file}.br`),
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
