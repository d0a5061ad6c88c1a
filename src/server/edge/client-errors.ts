import type { Socket } from 'node:net';
import { HttpError } from '../http-error.js';
import { securityHeaders } from './security-headers.js';

let headerLines: string | undefined;
const securityHeaderLines = () =>
  (headerLines ??= Object.entries(securityHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join(''));

const ANSWERS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Fastify's `clientErrorHandler`: requests that fail before routing (headers too large, unparsable HTTP, timeout)
 * get the spec's error shape and the security headers like every other failure, instead of Fastify's own body
 * with a `statusCode` field.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const failure = new HttpError(status, message);
  const body = JSON.stringify(failure.body());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${failure.error}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${securityHeaderLines()}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
