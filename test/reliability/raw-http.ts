import { request } from 'node:http';

const EARLY_ANSWER_MS = 300;

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One request through node:http that reads the answer even when the server answers early and stops reading
 * (413, 431): fetch reports those as a failed write (EPIPE) instead of the response.
 * Give Content-Length in `headers` when the server should be able to refuse the body before it arrives.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const client = request(url, { method: options.method ?? 'POST', headers: options.headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    // the server may close its side while the body is still being written: the answer is what counts
    client.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    client.on('close', () => {
      if (!answered) reject(new Error('the connection closed without an answer'));
    });
    // headers first: a server that refuses on the headers alone (Content-Length over the limit, header overflow)
    // answers before the body is on the wire, so the answer cannot be lost to a reset while writing
    client.flushHeaders();
    setTimeout(() => {
      if (!answered) client.end(options.body);
    }, EARLY_ANSWER_MS);
  });
}
