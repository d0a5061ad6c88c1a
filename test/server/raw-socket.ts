import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A TCP connection to the server of `url`, opened. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and whether it closed it. */
export function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // a reset counts as closed: the server may destroy a socket it has just written to
    socket.on('error', () => {});
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The first HTTP response in `raw` (a whole response: headers and a Content-Length body). */
export function parseResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no HTTP response in ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4, end + 4 + length) };
}

/** Writes `pieces` one after another, `everyMs` apart, until they run out or the socket closes; tells how many went. */
export function trickle(socket: Socket, pieces: string[], everyMs: number): { sent: () => number } {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= pieces.length) return clearInterval(timer);
    socket.write(pieces[next++]);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
  return { sent: () => next };
}

/** One request written as is; resolves with the response once the server closes (send `Connection: close`). */
export async function rawExchange(url: string, request: string): Promise<RawResponse> {
  const socket = await openSocket(url);
  const answer = untilClosed(socket);
  socket.write(request);
  return parseResponse(await answer);
}
