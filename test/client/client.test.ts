import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  NotWmServerError,
  ServerAnswerError,
  ServerUrlError,
  WmClient,
  WORK_LIMIT_CODE,
} from '../../src/client/index.js';

// The HTTP client's transport rules against a scripted server: which answers are retried (once), which are not.

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server answering request N with handlers[N] (the last one repeats); counts the requests. */
async function scripted(
  ...handlers: Handler[]
): Promise<{ url: string; count: () => number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    handlers[Math.min(seen.length - 1, handlers.length - 1)](request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, count: () => seen.length, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

const client = (url: string, options: Partial<ConstructorParameters<typeof WmClient>[0]> = {}) =>
  new WmClient({ server: url, token: 'wm_test', retryDelayMs: 10, ...options });

describe('WmClient', () => {
  it('sends the token as a Bearer credential and JSON, and returns the JSON answer', async () => {
    const server = await scripted(json(200, { decoded: 'x' }));
    expect(await client(`${server.url}/`).post('/api/watermark/decode', { text: 't' })).toEqual({ decoded: 'x' });
    expect(server.seen[0].headers.authorization).toBe('Bearer wm_test');
    expect(server.seen[0].headers['content-type']).toBe('application/json');
    expect(server.seen[0].url).toBe('/api/watermark/decode');
  });

  it('retries a 5xx once, then reports it', async () => {
    const once = await scripted(json(500, { error: 'Internal Server Error' }), json(200, { ok: true }));
    expect(await client(once.url).post('/x', {})).toEqual({ ok: true });
    expect(once.count()).toBe(2);
    await close!();
    const twice = await scripted(json(503, { error: 'Service Unavailable' }));
    await expect(client(twice.url).post('/x', {})).rejects.toMatchObject({ name: 'ServerAnswerError', status: 503 });
    expect(twice.count()).toBe(2);
  });

  it('does not send again work the server stopped at its limits: it would be stopped again', async () => {
    const stopped = await scripted(
      json(503, { error: 'Service Unavailable', message: 'stopped at its 30 s budget', code: WORK_LIMIT_CODE }),
      json(200, { ok: true }),
    );
    await expect(client(stopped.url).post('/x', {})).rejects.toMatchObject({
      status: 503,
      body: { code: 'WORK_LIMIT' },
    });
    expect(stopped.count()).toBe(1);
  });

  it('waits out a short Retry-After of a 429 once; a long one fails at once', async () => {
    const short = await scripted(
      json(429, { error: 'Too Many Requests' }, { 'retry-after': '1' }),
      json(200, { ok: 1 }),
    );
    expect(await client(short.url).get('/x')).toEqual({ ok: 1 });
    expect(short.count()).toBe(2);
    await close!();
    const long = await scripted(
      json(429, { error: 'Too Many Requests', message: 'quota' }, { 'retry-after': '86400' }),
    );
    const error = await client(long.url)
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerAnswerError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 86400 });
    expect(long.count()).toBe(1);
  });

  it('never retries a 4xx, a timeout or a lost connection: the server may have done the work', async () => {
    const refused = await scripted(json(402, { error: 'Payment Required', balance: 0 }));
    await expect(client(refused.url).post('/x', {})).rejects.toMatchObject({ status: 402, body: { balance: 0 } });
    expect(refused.count()).toBe(1);
    await close!();
    const slow = await scripted((_request, response) => setTimeout(() => json(200, {})(_request, response), 2000));
    const error = await client(slow.url, { timeoutMs: 200 })
      .post('/x', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(slow.count()).toBe(1);
  });

  it('tells a server that does not answer like wm from a wm error', async () => {
    const html = await scripted((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not here</h1>');
    });
    await expect(client(html.url).get('/x')).rejects.toBeInstanceOf(NotWmServerError);
    await close!();
    const otherJson = await scripted(json(400, { problem: 'bad' }));
    await expect(client(otherJson.url).get('/x')).rejects.toBeInstanceOf(NotWmServerError);
  });

  it('refuses a server address that is not an http(s) URL', () => {
    expect(() => new WmClient({ server: 'ftp://x' })).toThrow(ServerUrlError);
    expect(() => new WmClient({ server: 'localhost:8080' })).toThrow(ServerUrlError);
    expect(new WmClient({ server: 'https://wm.example.com/base/' }).server).toBe('https://wm.example.com/base');
  });
});
