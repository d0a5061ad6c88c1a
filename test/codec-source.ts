import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../packages/codec/', import.meta.url));

interface PackageJson {
  name: string;
  exports: Record<string, string | Record<string, string>>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Vite aliases that resolve the codec package's specifiers (`wm-watermark-codec`, `wm-watermark-codec/decode`, …) to
 * its TypeScript sources, read from its exports map (the `wm-source` condition): tests run the codec as it is in
 * the tree, never a stale build of it.
 */
export function codecSourceAliases(): { find: RegExp; replacement: string }[] {
  const pkg = JSON.parse(readFileSync(`${PACKAGE_DIR}package.json`, 'utf8')) as PackageJson;
  return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
    const source = typeof target === 'object' ? target['wm-source'] : undefined;
    if (!source) return [];
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    return [{ find: new RegExp(`^${escape(specifier)}$`), replacement: `${PACKAGE_DIR}${source.slice(2)}` }];
  });
}
