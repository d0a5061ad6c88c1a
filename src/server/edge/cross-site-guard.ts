import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { HttpError } from '../http-error.js';

/** The body types a page of any site may send without a CORS preflight: an HTML form or a plain fetch. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

const CROSS_SITE =
  'Cross-site request refused: this route sets or uses the sign-in cookie and answers only pages of this ' +
  'server and the origins it allows (--allowed-origin)';
const FORM_BODY = 'Send the body as application/json (form and text bodies are refused on the sign-in routes)';

export interface CrossSiteOptions {
  /** exact origins (`scheme://host[:port]`) besides the server's own */
  allowedOrigins: readonly string[];
  /** the server's public URL; the request's Host names the server too */
  publicUrl: () => string;
}

const originOf = (url: string): string | undefined => (URL.canParse(url) ? new URL(url).origin : undefined);

/**
 * onRequest hook of the routes that set or use the refresh cookie (login CSRF and its kin): a browser names the
 * page that sent a request in `Origin` (and `Sec-Fetch-Site`), and only a same-origin page or an allowed origin
 * may go on. Requests without either header (curl, servers) are not from a browser page and pass. Form and text
 * bodies are refused: they are the ones another site can send without a preflight, and this API reads JSON.
 */
export function refuseCrossSite(options: CrossSiteOptions): onRequestHookHandler {
  const allowed = new Set(options.allowedOrigins);
  return (request, _reply, done) => {
    // GET and HEAD change nothing here (the verification link is opened from mail, i.e. from another site)
    if (request.method === 'GET' || request.method === 'HEAD') return done();
    if (isCrossSite(request, allowed, options.publicUrl)) return done(new HttpError(403, CROSS_SITE));
    if (isFormType(request.headers['content-type'])) return done(new HttpError(415, FORM_BODY));
    done();
  };
}

function isCrossSite(request: FastifyRequest, allowed: Set<string>, publicUrl: () => string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  // "null" (sandboxed frames, cross-site redirects) and anything unparsable is nobody we know
  const sent = originOf(origin);
  if (sent === undefined) return true;
  if (allowed.has(sent) || sent === originOf(publicUrl())) return false;
  // the Host header names the server the browser talks to, and a page of another site cannot change it
  const { protocol, host } = new URL(sent);
  const served = `${protocol}//${request.host}`;
  return !(URL.canParse(served) && new URL(served).host === host);
}

function isFormType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  return FORM_TYPES.has(contentType.split(';', 1)[0].trim().toLowerCase());
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FOREIGN_PAGE =
  'Request from a web page refused: /mcp answers MCP clients, and pages only of this server and the origins it ' +
  'allows (--allowed-origin)';

/**
 * onRequest hook of /mcp, against DNS rebinding (the MCP transport requires servers to check Origin): a page of
 * another site whose name was made to point at this server sends its own name as Host and Origin, which the
 * same-origin test of refuseCrossSite would accept. MCP clients send no Origin; a request with one goes on only from
 * the public URL's origin, an allowed origin, or a loopback page talking to a loopback address.
 */
export function refuseForeignPages(options: CrossSiteOptions): onRequestHookHandler {
  const allowed = new Set(options.allowedOrigins);
  return (request, _reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const sent = originOf(origin);
    const loopback = (host: string) => LOOPBACK_HOSTS.has(host.replace(/:\d+$/, ''));
    const ours =
      sent !== undefined &&
      (allowed.has(sent) ||
        sent === originOf(options.publicUrl()) ||
        (loopback(new URL(sent).host) && loopback(request.host)));
    done(ours ? undefined : new HttpError(403, FOREIGN_PAGE));
  };
}
