import { createServer, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WmClient } from '../../src/client/index.js';
import { createRemoteBackend } from '../../src/ops/remote-backend.js';
import { isOperationFailure } from '../../src/ops/failure.js';

// The remote backend is made from the table: each operation with REST paths is a POST of the row's wire fields.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server answering every request with `answer`, keeping each request's method, path and JSON body. */
async function serverAnswering(answer: unknown) {
  const seen: { method?: string; url: string; body: unknown }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      seen.push({
        ...(request.method === 'POST' ? {} : { method: request.method }),
        url: request.url ?? '',
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { backend: createRemoteBackend(new WmClient({ server: url, token: 'wm_test' })), seen };
}

describe('the remote backend', () => {
  it("posts the codec's input to the row's path under the wire's names, and answers in schema order", async () => {
    const { backend, seen } = await serverAnswering({
      stats: { stealthLevel: 'high', distribution: 'even' },
      keyed: false,
      watermarked: 'w',
    });
    const result = await backend.run('encode_robust', {
      text: 'carrier',
      secret: 's',
      stealthLevel: 'high',
      markWordEnds: true,
      bindText: false,
    });
    expect(seen).toEqual([
      {
        url: '/api/watermark/encode-robust',
        body: { text: 'carrier', secret: 's', stealth_level: 'high', mark_word_ends: true, bind_text: false },
      },
    ]);
    expect(Object.keys(result)).toEqual(['watermarked', 'keyed', 'stats']);
  });

  it('calls a 200 without the result’s first field not a wm server', async () => {
    const { backend } = await serverAnswering({ something: 'else' });
    const failure = await backend.run('decode_robust', { text: 't' }).catch((error: unknown) => error);
    expect(isOperationFailure(failure) && failure.kind).toBe('not-wm-server');
    expect((failure as Error).message).toMatch(/answered POST \/api\/watermark\/decode-robust without decoded/);
  });

  it('runs strip and reveal here: they have no endpoint', async () => {
    const { backend, seen } = await serverAnswering({});
    expect(await backend.run('strip', { text: 'a\uFE01b' })).toEqual({ text: 'ab' });
    expect(seen).toEqual([]);
  });

  it('reads an account operation served by GET with its input as the query string', async () => {
    const { backend, seen } = await serverAnswering({ documents: [] });
    expect(await backend.run('list_copies', { documentId: 'AbC-7' })).toEqual({ documents: [] });
    expect(await backend.run('list_copies', {})).toEqual({ documents: [] });
    await backend.run('trace', { text: 'leak' }).catch(() => undefined);
    expect(seen).toEqual([
      { method: 'GET', url: '/api/v2/copies?document_id=AbC-7', body: undefined },
      { method: 'GET', url: '/api/v2/copies', body: undefined },
      { url: '/api/v2/copies/trace', body: { text: 'leak' } },
    ]);
  });
});
