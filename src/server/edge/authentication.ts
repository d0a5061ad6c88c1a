import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AccessPrincipal, Domain } from '../../domain/index.js';
import { HttpError } from '../http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by `requireSession` */
    session: AccessPrincipal | null;
    /** set by `requireApiToken`: the presented API token secret, checked by the domain operation */
    apiTokenSecret: string | null;
  }
}

/**
 * The credential of `Authorization: Bearer <credential>` or `Authorization: Token <credential>`. Both schemes are
 * accepted everywhere: a published client of the hosted service sends API tokens with `Token`.
 */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^(?:Bearer|Token)[ \t]+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function missingCredential(kind: string): HttpError {
  return new HttpError(401, `Missing credential: send "Authorization: Bearer <${kind}>"`);
}

export interface Authentication {
  /** onRequest hook for user-session routes (JWT access token) */
  requireSession: (request: FastifyRequest) => Promise<void>;
  /** onRequest hook for watermark routes: the API token must be present; the domain checks it with the operation */
  requireApiToken: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
}

export function registerAuthentication(app: FastifyInstance, domain: Domain): Authentication {
  app.decorateRequest('session', null);
  app.decorateRequest('apiTokenSecret', null);
  return {
    async requireSession(request) {
      const credential = credentialOf(request);
      if (!credential) throw missingCredential('access token');
      request.session = await domain.sessions.authenticate(credential);
    },
    // a callback hook: the hottest routes need no promise for this
    requireApiToken(request, _reply, done) {
      const credential = credentialOf(request);
      if (!credential) return done(missingCredential('API token'));
      request.apiTokenSecret = credential;
      done();
    },
  };
}

/** The principal of a route guarded by `requireSession`. */
export function sessionOf(request: FastifyRequest): AccessPrincipal {
  if (!request.session) throw new HttpError(401, 'Not signed in');
  return request.session;
}
