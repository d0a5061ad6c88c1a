import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { CONFIG_DEFAULTS } from '../../src/server/index.js';
import { startLiveServer, type LiveServer } from '../reliability/live-server.js';
import { openSocket, parseResponse, trickle, untilClosed } from '../server/raw-socket.js';

const FLOOD = 3000;
const TRICKLE_EVERY_MS = 5000;

let server: LiveServer | undefined;
afterAll(async () => server?.stop());

const residentMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Watched {
  socket: Socket;
  answer: Promise<string>;
  closedAt?: number;
}

async function watch(url: string): Promise<Watched> {
  const socket = await openSocket(url);
  const watched: Watched = { socket, answer: untilClosed(socket) };
  void watched.answer.then(() => (watched.closedAt = performance.now()));
  return watched;
}

it(
  `the defaults of wm serve against slow clients: a body and headers trickled every ${TRICKLE_EVERY_MS / 1000} s, ` +
    `${FLOOD} idle sockets beyond the ${CONFIG_DEFAULTS.maxConnections}-connection cap`,
  async () => {
    server = await startLiveServer();
    const pid = server.serve.child.pid!;
    const quietMiB = residentMiB(pid);
    const start = performance.now();

    const slowBody = await watch(server.url);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'Correct horse 42' });
    slowBody.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const bodyWriter = trickle(slowBody.socket, [...body], TRICKLE_EVERY_MS);
    const slowHeaders = await watch(server.url);
    slowHeaders.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const headerLines = Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: a\r\n`);
    const headerWriter = trickle(slowHeaders.socket, headerLines, TRICKLE_EVERY_MS);

    const flood: Watched[] = [];
    for (let batch = 0; batch < FLOOD / 100; batch++) {
      flood.push(...(await Promise.all(Array.from({ length: 100 }, () => watch(server!.url)))));
    }
    const floodedMiB = residentMiB(pid);
    const floodAnswers = await Promise.all(flood.map((watched) => watched.answer));
    const refused = floodAnswers.filter((raw) => raw === '').length;
    const held = floodAnswers.filter((raw) => raw !== '');
    const heldSockets = flood.filter((_watched, index) => floodAnswers[index] !== '');
    // the cap: at most maxConnections open at once (two of them are the trickling sockets)
    expect(held.length).toBeLessThanOrEqual(CONFIG_DEFAULTS.maxConnections - 2);
    expect(refused).toBeGreaterThanOrEqual(FLOOD - CONFIG_DEFAULTS.maxConnections);
    for (const raw of held) expect(parseResponse(raw).status).toBe(408);

    // once the idle ones are gone the server answers again
    expect((await server.api('GET', '/healthz')).status).toBe(200);

    expect(parseResponse(await slowHeaders.answer).status).toBe(408);
    expect(headerWriter.sent()).toBeLessThan(headerLines.length);
    expect(parseResponse(await slowBody.answer).status).toBe(408);
    expect(bodyWriter.sent()).toBeLessThan(body.length);
    const afterMiB = residentMiB(pid);
    expect(floodedMiB - quietMiB).toBeLessThan(200);
    expect((await server.api('GET', '/healthz')).status).toBe(200);

    const seconds = (at: number | undefined) => (((at ?? NaN) - start) / 1000).toFixed(1);
    console.log(
      `slow clients: trickled headers answered 408 at ${seconds(slowHeaders.closedAt)} s ` +
        `(${headerWriter.sent()} of ${headerLines.length} lines sent), ` +
        `trickled body 408 at ${seconds(slowBody.closedAt)} s (${bodyWriter.sent()} of ${body.length} bytes); ` +
        `flood of ${FLOOD}: ${refused} closed at once, ${held.length} held ` +
        `and answered 408 by ${seconds(Math.max(...heldSockets.map((w) => w.closedAt!)))} s; ` +
        `RSS quiet ${quietMiB.toFixed(0)} MiB, flooded ${floodedMiB.toFixed(0)} MiB, after ${afterMiB.toFixed(0)} MiB`,
    );
  },
  120_000,
);
