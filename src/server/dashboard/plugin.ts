import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_FOLDER } from '../dashboard-folder.js';
import { HttpError } from '../http-error.js';
import { loadDashboardFiles, type Asset, type MailDelivery } from './files.js';

/**
 * The dashboard's pages run only scripts and styles of this origin (no inline script or style) and may not be
 * framed. They talk to this origin, and over HTTPS to a key set a reader links in the checker (fetched by the
 * browser: the text checked is never sent). connect-src is no barrier to an injected script anyway (a navigation
 * carries data out as well); script-src and Trusted Types keep scripts out. Stricter than the API's policy, and set
 * on these responses alone.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' https:",
  "manifest-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

/** Asset names carry their content's hash: a changed file is a new URL, so a year of caching is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The best precompressed copy the client accepts ("br;q=0" refuses brotli). */
function encodingFor(asset: Asset, acceptEncoding: string | undefined): ['br' | 'gzip', Buffer] | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (asset.br && accepted.has('br')) return ['br', asset.br];
  if (asset.gzip && accepted.has('gzip')) return ['gzip', asset.gzip];
  return undefined;
}

export interface DashboardOptions {
  /** where verification mail goes: the "check your mail" page tells the user */
  mailDelivery: MailDelivery;
  /** the built dashboard (dist/web/ by default) */
  folder?: string;
}

/**
 * The dashboard and checker (src/web/, built into dist/web/): its page at each of its paths and its hashed assets
 * under /assets/. Routes only, no hooks: the API's requests do not pass through anything of it.
 */
export function registerDashboard(app: FastifyInstance, options: DashboardOptions): boolean {
  const folder = options.folder ?? DASHBOARD_FOLDER;
  const files = loadDashboardFiles(folder, options.mailDelivery);
  if (!files) {
    app.log.warn({ folder }, 'dashboard not built (npm run build): the API is served without it');
    return false;
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('content-security-policy', DASHBOARD_CSP)
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-cache')
      .header('etag', files.htmlEtag);
    if (request.headers['if-none-match'] === files.htmlEtag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(files.html);
  };
  for (const path of files.pages) app.get(path, { schema: { hide: true } }, sendPage);

  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, (request, reply) => {
    const asset = files.assets.get(request.params.file);
    if (!asset) throw new HttpError(404, `No dashboard asset ${request.params.file}`);
    const encoded = encodingFor(asset, request.headers['accept-encoding']);
    reply.header('content-type', asset.type).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
    if (!encoded) return reply.send(asset.identity);
    return reply.header('content-encoding', encoded[0]).send(encoded[1]);
  });
  return true;
}
