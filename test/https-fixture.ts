import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by OpenSSL in `dir` (key.pem, cert.pem): a test trusts
 * it with NODE_EXTRA_CA_CERTS=cert.pem, or sees it refused without.
 */
export function makeSelfSignedCertificate(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const subject = '-subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1';
  const args = `req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 ${subject}`.split(' ');
  execFileSync('openssl', [...args, '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

export interface TestWebServer {
  url: string;
  /** every request, in order: its path and the headers that matter here */
  requests: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 (HTTPS with `tls`, else plain HTTP) answering each request with `handle`. */
export async function startWebServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  tls?: { key: string; cert: string },
): Promise<TestWebServer> {
  const requests: TestWebServer['requests'] = [];
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    requests.push({
      path: request.url ?? '',
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
    });
    handle(request, response);
  };
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
