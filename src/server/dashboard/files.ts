import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

export type MailDelivery = 'smtp' | 'outbox';

export interface Asset {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export interface DashboardFiles {
  /** the paths that answer with the dashboard's page (its router draws the right one) */
  pages: string[];
  html: Buffer;
  htmlEtag: string;
  /** by file name, as requested under /assets/ */
  assets: Map<string, Asset>;
}

interface Manifest {
  html: string;
  pages: string[];
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Reads the built dashboard into memory once (about 100 KB, with precompressed copies): serving it is then a map
 * lookup, with no file system access per request. Undefined when it was not built.
 */
export function loadDashboardFiles(folder: string, mail: MailDelivery): DashboardFiles | undefined {
  const manifestFile = join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = Buffer.from(readFileSync(join(folder, manifest.html), 'utf8').replace('{{mail}}', mail));
  const assets = new Map<string, Asset>();
  const assetFolder = join(folder, 'assets');
  const names = readdirSync(assetFolder);
  for (const name of names) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const file = join(assetFolder, name);
    const variant = (suffix: string) =>
      names.includes(`${name}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
    assets.set(name, { type, identity: readFileSync(file), gzip: variant('.gz'), br: variant('.br') });
  }
  const htmlEtag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 16)}"`;
  return { pages: manifest.pages, html, htmlEtag, assets };
}
