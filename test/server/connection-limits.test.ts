import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/server/index.js';
import { makeServer, type TestServer } from './harness.js';
import { openSocket, parseResponse, trickle, untilClosed } from './raw-socket.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A listening server (loopback, free port) with short limits, so that each case ends in a few seconds. */
async function listening(config: Partial<ServerConfig>): Promise<string> {
  server = await makeServer({ config });
  return server.app.listen({ host: '127.0.0.1', port: 0 });
}

const SHORT = { requestTimeoutSeconds: 2, headersTimeoutSeconds: 1, keepAliveTimeoutSeconds: 1 };

function expect408(raw: string): void {
  const answer = parseResponse(raw);
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({ error: 'Request Timeout', message: 'The request took too long to arrive' });
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('slow clients are cut off (quick form; the long one is in test/stress/slow-clients.test.ts)', () => {
  it('headers trickled one line at a time: 408 after the headers timeout, long before they would end', async () => {
    const url = await listening(SHORT);
    const socket = await openSocket(url);
    const answer = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: wm.test\r\n');
    const lines = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: a\r\n`);
    const writer = trickle(socket, lines, 100);
    expect408(await answer);
    expect(writer.sent()).toBeLessThan(lines.length);
  });

  it('a body trickled one byte at a time: 408 after the request timeout, long before it would end', async () => {
    const url = await listening(SHORT);
    const socket = await openSocket(url);
    const answer = untilClosed(socket);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: wm.test\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const writer = trickle(socket, [...body], 100);
    expect408(await answer);
    expect(writer.sent()).toBeLessThan(body.length);
  });

  it('connections beyond --max-connections are closed at once; held ones end at the headers timeout', async () => {
    const url = await listening({ ...SHORT, requestTimeoutSeconds: 3, headersTimeoutSeconds: 3, maxConnections: 4 });
    const held: Socket[] = [];
    const heldAnswers: Promise<string>[] = [];
    for (let i = 0; i < 4; i++) {
      const socket = await openSocket(url);
      held.push(socket);
      heldAnswers.push(untilClosed(socket));
    }
    const extra = await Promise.all(Array.from({ length: 3 }, () => openSocket(url)));
    const extraAnswers = await Promise.all(extra.map(untilClosed));
    // the extra ones got nothing and were closed while the four held ones still stood
    expect(extraAnswers).toEqual(['', '', '']);
    expect(held.map((socket) => socket.destroyed)).toEqual([false, false, false, false]);
    for (const raw of await Promise.all(heldAnswers)) expect408(raw);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('an idle keep-alive connection is closed by the server after the keep-alive timeout', async () => {
    const url = await listening(SHORT);
    const socket = await openSocket(url);
    const everything = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: wm.test\r\n\r\n');
    // we never close it: the close can only come from the server, once the connection has idled
    const answer = parseResponse(await everything);
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBe(`timeout=${SHORT.keepAliveTimeoutSeconds}`);
  });
});
