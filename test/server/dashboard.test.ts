import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_FOLDER } from '../../src/server/dashboard-folder.js';
import { DASHBOARD_CSP } from '../../src/server/dashboard/plugin.js';
import { makeServer, withServer, type TestServer } from './harness.js';

// dist/web/ is built by the global setup (npm run build)
const manifest = JSON.parse(readFileSync(join(DASHBOARD_FOLDER, 'manifest.json'), 'utf8')) as {
  pages: string[];
  firstLoad: string[];
};
const asset = (name: string) => readFileSync(join(DASHBOARD_FOLDER, 'assets', name));
const SIGN_IN_BUDGET_BYTES = 60 * 1024;

let server: TestServer;
beforeAll(async () => {
  server = await makeServer();
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });

describe('the dashboard', () => {
  it('answers each of its paths with its page, under a strict CSP that forbids framing', async () => {
    for (const path of manifest.pages) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toBe(DASHBOARD_CSP);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<script type="module" src="/assets/');
    }
    expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'");
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).not.toContain('unsafe-inline');
  });

  it('has no inline script or style, and loads nothing from another origin', async () => {
    const html = (await get('/signin')).body;
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it('names no other origin in any built file (it works on a closed network)', () => {
    // XML namespace names are identifiers, never fetched; so is a licence's address in a notice the bundle keeps
    // (reflect-metadata's, in the checker's C2PA chunk)
    const NAMESPACES = new Set([
      'http://www.w3.org/2000/svg',
      'http://www.w3.org/1999/xhtml',
      'http://www.w3.org/1998/Math/MathML',
      'http://www.apache.org/licenses/LICENSE-2.0',
    ]);
    const files = readdirSync(join(DASHBOARD_FOLDER, 'assets')).filter((name) => /\.(js|css|svg)$/.test(name));
    expect(files.some((name) => name.endsWith('.js'))).toBe(true);
    const origins = [
      readFileSync(join(DASHBOARD_FOLDER, 'index.html'), 'utf8'),
      ...files.map((name) => asset(name).toString('utf8')),
    ]
      .flatMap((text) => text.match(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'`)<>]*/gi) ?? [])
      .filter((url) => !NAMESPACES.has(url));
    expect(origins).toEqual([]);
  });

  it('tells the sign-up page where verification mail goes', async () => {
    expect((await get('/signup/sent')).body).toContain('<meta name="wm-mail" content="outbox">');
    await withServer({ config: { smtpUrl: 'smtp://127.0.0.1:1' } }, async (smtp) => {
      expect((await smtp.app.inject({ url: '/signup/sent' })).body).toContain('<meta name="wm-mail" content="smtp">');
    });
  });

  it('answers 304 to a page the browser already has', async () => {
    const etag = (await get('/')).headers.etag as string;
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('serves hashed assets for a year, brotli or gzip as accepted, and 404 for an unknown one', async () => {
    const [script] = manifest.firstLoad;
    const plain = await get(`/assets/${script}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.rawPayload.equals(asset(script))).toBe(true);

    const gzip = await get(`/assets/${script}`, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(asset(script))).toBe(true);
    expect((await get(`/assets/${script}`, { 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe('br');
    expect((await get(`/assets/${script}`, { 'accept-encoding': 'gzip, br;q=0' })).headers['content-encoding']).toBe(
      'gzip',
    );

    const missing = await get('/assets/main-00000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Not Found' });
  });

  it('keeps the API as it was: its own CSP, no dashboard page at unknown paths', async () => {
    const health = await get('/healthz');
    expect(health.headers['content-security-policy']).not.toBe(DASHBOARD_CSP);
    expect((await get('/no-such-page')).statusCode).toBe(404);
  });
});

describe('the sign-in page budget', () => {
  it('ships at most 60 KB of JS and CSS, gzipped, and none of the codec', () => {
    const sizes = manifest.firstLoad.map((name) => asset(`${name}.gz`).length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
    // strings only the codec has: the checker's chunk carries them, the first load must not
    const codec = /wm key id v1|No watermark found in text/;
    const checker = readdirSync(join(DASHBOARD_FOLDER, 'assets')).find((name) => /^checker-page-.*\.js$/.test(name))!;
    expect(asset(checker).toString('utf8')).toMatch(codec);
    for (const name of manifest.firstLoad) expect(asset(name).toString('utf8'), name).not.toMatch(codec);
  });

  it('ships the C2PA verification (X.509, CBOR) as a chunk of its own: not in the first load, nor the checker', () => {
    // the OID of id-kp-documentSigning, which only the C2PA package's certificate profile names
    const c2pa = '1.3.6.1.5.5.7.3.36';
    const scripts = readdirSync(join(DASHBOARD_FOLDER, 'assets')).filter((name) => name.endsWith('.js'));
    const holding = scripts.filter((name) => asset(name).toString('utf8').includes(c2pa));
    expect(holding).toHaveLength(1);
    expect(manifest.firstLoad).not.toContain(holding[0]);
    expect(holding[0]).not.toMatch(/^checker-page-/);
  });
});
