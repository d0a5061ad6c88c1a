import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from 'wm-watermark-scan/atomic-write';
import { CliError, EXIT } from '../errors.js';

/**
 * A key set given to --keys by its address (`https://news.example/.well-known/wm-keys.json`): fetched over HTTPS
 * (plain HTTP only with --insecure), kept in a cache with its validators (ETag, Last-Modified) so that a second
 * fetch costs a 304, and read from that cache, with a note of its age, when the address cannot be reached. Loaded
 * only when an address is given: a `wm verify` with key files loads no network code.
 */

export interface KeySetUrlOptions {
  /** allow http:// addresses */
  insecure?: boolean;
  /** where fetched key sets are kept (default: keySetCacheDir()) */
  cacheDir?: string;
  /** a line for the person running the command (the CLI: standard error) */
  note?: (line: string) => void;
}

/** Where key sets fetched by address are kept: $XDG_CACHE_HOME/wm/key-sets, else ~/.cache/wm/key-sets. */
export const keySetCacheDir = (env: NodeJS.ProcessEnv = process.env): string =>
  join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'wm', 'key-sets');

interface CacheEntry {
  url: string;
  etag: string | null;
  last_modified: string | null;
  /** when the body was last fetched or confirmed (a 304), ISO 8601 */
  fetched_at: string;
  body: string;
}

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;
/** A key set larger than this is refused: a stream that never ends would otherwise fill the memory. */
const MAX_BYTES = 64 * 1024 * 1024;

const usage = (message: string) => new CliError(EXIT.USAGE, `--keys ${message}`);

function checkScheme(url: URL, options: KeySetUrlOptions, original: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:') {
    if (options.insecure) return;
    throw usage(
      `${original}: plain HTTP, where a key set can be swapped on its way; give the https:// address, or ` +
        '--insecure for a server you trust the network to (this machine, a private network)',
    );
  }
  throw usage(`${original}: only https:// addresses (or a file name) are read`);
}

/**
 * The key set at `address`, as text: from the network (its validators sent when it is cached), or from the cache
 * when the address cannot be reached. `check` parses it: a body it refuses is neither used nor cached.
 */
export async function readKeySetUrl(
  address: string,
  check: (body: string) => void,
  options: KeySetUrlOptions = {},
): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw usage(`${address}: not an address`);
  }
  checkScheme(url, options, address);
  const cacheFile = join(
    options.cacheDir ?? keySetCacheDir(),
    `${createHash('sha256').update(url.href).digest('hex')}.json`,
  );
  const cached = await readCache(cacheFile, url.href);
  let answer: { status: number; body: string; etag: string | null; lastModified: string | null };
  try {
    answer = await fetchFollowing(url, cached, options);
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    if (!cached) throw new CliError(EXIT.IO, `--keys ${address} could not be fetched: ${error.message}`);
    options.note?.(
      `${address} could not be reached (${error.message}); using the copy fetched ${ageOf(cached.fetched_at)}`,
    );
    check(cached.body);
    return cached.body;
  }
  const body = answer.status === 304 && cached ? cached.body : answer.body;
  check(body);
  const entry: CacheEntry = {
    url: url.href,
    etag: answer.status === 304 ? (answer.etag ?? cached?.etag ?? null) : answer.etag,
    last_modified: answer.status === 304 ? (answer.lastModified ?? cached?.last_modified ?? null) : answer.lastModified,
    fetched_at: new Date().toISOString(),
    body,
  };
  await writeCache(cacheFile, entry, options);
  return body;
}

/** The network failed (no answer, or a server error): the cache may stand in. A refusal by the server does not. */
class Unreachable extends Error {}

async function fetchFollowing(
  start: URL,
  cached: CacheEntry | null,
  options: KeySetUrlOptions,
): Promise<{ status: number; body: string; etag: string | null; lastModified: string | null }> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const headers: Record<string, string> = { accept: 'application/json, application/jwk-set+json;q=0.9' };
    // validators only for the address they were given for
    if (cached && url.href === start.href) {
      if (cached.etag) headers['if-none-match'] = cached.etag;
      if (cached.last_modified) headers['if-modified-since'] = cached.last_modified;
    }
    let response: Response;
    try {
      response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw networkFailure(url, error);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      if (redirects === MAX_REDIRECTS) throw usage(`${start.href}: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
      // a redirect to plain HTTP is refused as that address would be
      checkScheme(url, options, `${start.href} (redirected to ${url.href})`);
      continue;
    }
    if (response.status === 304) {
      if (!cached) throw new CliError(EXIT.IO, `--keys ${start.href}: answered 304 to a request without validators`);
      return {
        status: 304,
        body: '',
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
    }
    if (response.status >= 500) throw new Unreachable(`the server answered ${response.status}`);
    if (response.status !== 200) {
      throw new CliError(EXIT.IO, `--keys ${start.href}: the server answered ${response.status}, not a key set`);
    }
    return {
      status: 200,
      body: await bodyOf(response, start),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  }
}

async function bodyOf(response: Response, address: URL): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_BYTES) throw new CliError(EXIT.IO, `--keys ${address.href}: larger than ${MAX_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Codes of TLS failures: the server was reached, and could not prove who it is. The cache never stands in. */
const TLS_CODE = /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

function networkFailure(url: URL, error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = cause?.code ?? (error as { name?: string } | null)?.name ?? '';
  if (TLS_CODE.test(code)) {
    return new CliError(
      EXIT.IO,
      `--keys ${url.href}: the server's certificate is not trusted (${code}); a private CA is trusted with ` +
        'NODE_EXTRA_CA_CERTS=ca.pem',
    );
  }
  if (code === 'TimeoutError' || code === 'AbortError') return new Unreachable(`no answer in ${TIMEOUT_MS / 1000} s`);
  return new Unreachable(cause?.message ?? (error instanceof Error ? error.message : String(error)));
}

async function readCache(file: string, url: string): Promise<CacheEntry | null> {
  try {
    const entry = JSON.parse(await readFile(file, 'utf8')) as CacheEntry;
    return entry.url === url && typeof entry.body === 'string' ? entry : null;
  } catch {
    return null;
  }
}

async function writeCache(file: string, entry: CacheEntry, options: KeySetUrlOptions): Promise<void> {
  try {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFileAtomic(file, JSON.stringify(entry));
  } catch (error) {
    // the key set was read: a cache that cannot be written only costs the next run a full fetch
    options.note?.(`the key set could not be kept in ${file}: ${(error as Error).message}`);
  }
}

/** "3 minutes ago (2026-11-28T10:00:00.000Z)". */
function ageOf(iso: string): string {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  const [amount, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.round(seconds / 60), 'minute']
        : seconds < 36 * 3600
          ? [Math.round(seconds / 3600), 'hour']
          : [Math.round(seconds / 86400), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago (${iso})`;
}
