import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate, startWebServer, type TestWebServer } from '../https-fixture.js';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

// `wm verify --keys https://…/.well-known/wm-keys.json`: fetched over HTTPS (a certificate the test makes, trusted
// through NODE_EXTRA_CA_CERTS), cached with its validators, read from the cache when the server is gone.

const temp = makeTempDir();
const PATH = '/.well-known/wm-keys.json';
let keySet = '';
let keySetTag = '';
let certificate: ReturnType<typeof makeSelfSignedCertificate>;
let marked = '';
const servers: TestWebServer[] = [];

/** Answers the key set with an ETag, and 304 when the client already has it. */
function serveKeySet(
  request: { url?: string; headers: Record<string, string | string[] | undefined> },
  response: {
    writeHead(status: number, headers?: Record<string, string>): unknown;
    end(body?: string): unknown;
  },
): void {
  if (request.url !== PATH) {
    response.writeHead(404);
    response.end();
    return;
  }
  if (request.headers['if-none-match'] === keySetTag) {
    response.writeHead(304, { etag: keySetTag });
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', etag: keySetTag });
  response.end(keySet);
}

const start = async (tls: boolean, handle = serveKeySet) => {
  const server = await startWebServer(handle, tls ? certificate : undefined);
  servers.push(server);
  return server;
};

/** `wm verify` with the test's cache folder, trusting the test's certificate unless told otherwise. */
const verify = (args: string[], { trusted = true, cache = temp.path('cache') } = {}) =>
  runWm(['verify', marked, ...args], {
    env: { XDG_CACHE_HOME: cache, NODE_EXTRA_CA_CERTS: trusted ? certificate.certFile : undefined },
  });

beforeAll(async () => {
  certificate = makeSelfSignedCertificate(temp.dir);
  const key = temp.path('ada.key');
  expect((await runWm(['keygen', '--sign', '-o', key])).code).toBe(0);
  const exported = await runWm(['keys', 'export', temp.path('ada.pub'), '--name', 'Ada Valley News']);
  keySet = exported.out;
  keySetTag = `"${createHash('sha256').update(keySet).digest('hex').slice(0, 16)}"`;
  const signed = await runWm(['encode', '--secret', 'story 4711', '--sign-key', key, '--bind-text'], {
    input: CARRIER,
  });
  marked = temp.path('marked.txt');
  writeFileSync(marked, signed.out);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  temp.remove();
});

describe('wm verify --keys URL', () => {
  it('fetches the key set over HTTPS, then asks again with its ETag (304), then reads it offline', async () => {
    const server = await start(true);
    const address = `${server.url}${PATH}`;
    const first = await verify(['--keys', address]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const keyId = (JSON.parse(keySet) as { keys: { kid: string }[] }).keys[0].kid;
    const signer = `(Ada Valley News; from ${address})`;
    expect(first.out).toBe(`mark "story 4711": signature valid: key ${keyId} ${signer}, text unchanged\n`);
    expect(server.requests).toEqual([{ path: PATH }]);

    const second = await verify(['--keys', address]);
    expect(second.code).toBe(0);
    expect(server.requests[1]).toEqual({ path: PATH, ifNoneMatch: keySetTag });

    await server.close();
    const offline = await verify(['--keys', address]);
    expect(offline.code).toBe(0);
    expect(offline.out).toBe(first.out);
    expect(offline.stderr.startsWith(`wm: note: ${address} could not be reached (`)).toBe(true);
    expect(offline.stderr).toMatch(/\); using the copy fetched \d+ seconds? ago \(\d{4}-\d\d-\d\dT[\d:.]+Z\)\n$/);
  });

  it('refuses a certificate it does not trust, even with a copy in the cache', async () => {
    const server = await start(true);
    const address = `${server.url}${PATH}`;
    const cache = temp.path('untrusted-cache');
    expect((await verify(['--keys', address], { cache })).code).toBe(0);
    const refused = await verify(['--keys', address], { cache, trusted: false });
    expect(refused.code).toBe(4);
    expect(refused.stderr.startsWith(`wm: --keys ${address}: the server's certificate is not trusted (`)).toBe(true);
    expect(refused.stderr).toMatch(/\); a private CA is trusted with NODE_EXTRA_CA_CERTS=ca\.pem\n$/);
    expect(refused.out).toBe('');
  });

  it('plain HTTP only with --insecure; a redirect to plain HTTP is refused alike', async () => {
    const plain = await start(false);
    const address = `${plain.url}${PATH}`;
    const refused = await verify(['--keys', address]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /plain HTTP, where a key set can be swapped on its way; give the https:\/\/ address, or --insecure/,
    );
    expect(plain.requests).toEqual([]);
    expect((await verify(['--keys', address, '--insecure'])).code).toBe(0);

    const redirecting = await start(true, (_, response) => {
      response.writeHead(302, { location: address });
      response.end();
    });
    const redirected = await verify(['--keys', `${redirecting.url}${PATH}`]);
    expect(redirected.code).toBe(2);
    expect(redirected.stderr).toMatch(
      /\(redirected to http:\/\/127\.0\.0\.1:\d+\/\.well-known\/wm-keys\.json\): plain HTTP/,
    );
  });

  it('nothing cached: an unreachable address fails (exit 4); a page that is no key set is not kept', async () => {
    const gone = await start(true);
    const address = `${gone.url}${PATH}`;
    await gone.close();
    const cache = temp.path('empty-cache');
    const unreachable = await verify(['--keys', address], { cache });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toMatch(/^wm: --keys https:\/\/.+ could not be fetched: .+\n$/);

    const html = await start(true, (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>not found</html>');
    });
    const wrong = await verify(['--keys', `${html.url}${PATH}`], { cache });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/holds no Ed25519 public key/);
    const missing = await verify(['--keys', `${html.url}/nothing`], { cache });
    expect(missing.code).toBe(2);
    expect(readdirSyncSafe(`${cache}/wm/key-sets`)).toEqual([]);
  });

  it('a 404 is an answer, not an outage: the cache (the set and its validators) does not stand in', async () => {
    let withdrawn = false;
    const server = await start(true, (request, response) => {
      if (!withdrawn) return serveKeySet(request, response);
      response.writeHead(404);
      response.end();
    });
    const cache = temp.path('answered-cache');
    expect((await verify(['--keys', `${server.url}${PATH}`], { cache })).code).toBe(0);
    const files = readdirSync(`${cache}/wm/key-sets`);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(`${cache}/wm/key-sets/${files[0]}`, 'utf8'))).toMatchObject({
      url: `${server.url}${PATH}`,
      etag: keySetTag,
      body: keySet,
    });
    withdrawn = true;
    const gone = await verify(['--keys', `${server.url}${PATH}`], { cache });
    expect(gone.code).toBe(4);
    expect(gone.stderr).toMatch(/the server answered 404, not a key set/);
  });

  it('without --keys says where a key set comes from', async () => {
    const run = await runWm(['verify', marked]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'wm: verify needs the public keys of the signers you trust: --keys https://SERVER/.well-known/wm-keys.json ' +
        '(the key set a wm server publishes), --keys wm-keys.json (one saved or made with wm keys export), or ' +
        '--keys NAME.pub (beside a key made with wm keygen --sign)\n',
    );
  });
});

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
