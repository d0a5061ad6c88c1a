import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's workspace packages whose specifiers resolve to their sources in tests. */
const PACKAGE_DIRS = ['codec', 'scan', 'c2pa'].map((name) =>
  fileURLToPath(new URL(`../packages/${name}/`, import.meta.url)),
);

interface PackageJson {
  name: string;
  exports: Record<string, string | Record<string, string>>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Vite aliases that resolve the workspace packages' specifiers (`wm-watermark-codec`, `wm-watermark-codec/decode`,
 * `wm-watermark-scan/walk`, `wm-watermark-c2pa`, …) to their TypeScript sources, read from their exports maps (the
 * `wm-source` condition): tests run the packages as they are in the tree, never a stale build of them.
 */
export function workspaceSourceAliases(): { find: RegExp; replacement: string }[] {
  return PACKAGE_DIRS.flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as PackageJson;
    return Object.entries(pkg.exports).flatMap(([subpath, target]) => {
      const source = typeof target === 'object' ? target['wm-source'] : undefined;
      if (!source) return [];
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
      return [{ find: new RegExp(`^${escape(specifier)}$`), replacement: `${dir}${source.slice(2)}` }];
    });
  });
}
