import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDomainError } from '../../domain/index.js';
import { failureOf } from '../failure.js';
import { HttpError } from '../http-error.js';
import type { ServerContext } from '../context.js';
import { verificationMail } from '../mail/index.js';
import { SECURITY } from '../edge/api-docs.js';
import { credentialOf } from '../edge/authentication.js';
import {
  LoginBody,
  LoginResponse,
  MessageResponse,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  VerifyEmailBody,
  VerifyEmailQuery,
} from '../schemas/auth.js';
import { errors } from '../schemas/common.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';
import { documented } from './route-options.js';
import { verifyEmailPage, wantsJson } from './verify-email-page.js';
import { API_PATHS } from '../../api/paths.js';

const VERIFIED = 'Email address verified; watermark operations are now allowed';
const ALREADY_VERIFIED = 'This email address is already verified';

const verifiedMessage = ({ alreadyVerified }: { alreadyVerified: boolean }) =>
  alreadyVerified ? ALREADY_VERIFIED : VERIFIED;

/** What the verification link did: the dashboard's /verify-email page is told `?result=`; the plain page says it. */
interface LinkOutcome {
  result: 'verified' | 'already' | 'invalid' | 'suspended' | 'unavailable';
  status: number;
  title: string;
  message: string;
}
/** what the cross-site guard of every POST route here can answer: 403 for another site's page, 415 for a form body */
const GUARDED = errors(403, 415);

export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.post<{ Body: RegisterBody }>(
    API_PATHS.register,
    {
      schema: documented('auth', 'Create an account; a verification link is mailed', {
        body: RegisterBody,
        response: { 201: RegisterResponse, ...GUARDED, ...errors(409, 429, 503) },
      }),
    },
    async (request, reply) => {
      const registration = await domain.accounts.register(request.body, { clientAddress: request.ip });
      const mail = verificationMail({
        to: registration.user.email,
        publicUrl: context.publicUrl(),
        token: registration.verificationToken,
        expiresAt: registration.verificationExpiresAt,
      });
      let message = 'Registered. Open the link in the verification mail to enable watermark operations.';
      try {
        await context.mailer.send(mail);
      } catch (error) {
        request.log.error({ err: error }, 'verification mail could not be sent');
        message = 'Registered, but the verification mail could not be sent; ask the operator to verify your address.';
      }
      return reply.code(201).send({ message, user: registration.user });
    },
  );

  app.post<{ Body: LoginBody }>(
    API_PATHS.login,
    {
      schema: documented(
        'auth',
        'Sign in; sets the refreshToken cookie (HttpOnly, Secure, SameSite=Strict, Path=/api/auth/refresh, 30 days)',
        {
          body: LoginBody,
          response: { 200: LoginResponse, ...GUARDED, ...errors(401, 429, 503) },
        },
      ),
    },
    async (request, reply) => {
      const login = await domain.sessions.login(request.body, { clientAddress: request.ip });
      setRefreshCookie(reply, login.refreshToken, domain.config.refreshTokenTtlSeconds);
      return { message: 'Logged in', accessToken: login.accessToken, user: login.user };
    },
  );

  app.post<{ Body: VerifyEmailBody }>(
    API_PATHS.verifyEmail,
    {
      schema: documented('auth', 'Verify the email address with the mailed token', {
        body: VerifyEmailBody,
        response: { 200: MessageResponse, ...GUARDED },
      }),
    },
    async (request) => ({ message: verifiedMessage(await domain.accounts.verifyEmail(request.body.token)) }),
  );

  // mail scanners and link previews send HEAD: it answers like the page but consumes nothing; GET (a person
  // opening the link) verifies
  app.head(API_PATHS.verifyEmail, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type(wantsJson(request.headers.accept) ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
      .send(),
  );

  app.get<{ Querystring: VerifyEmailQuery }>(
    API_PATHS.verifyEmail,
    {
      exposeHeadRoute: false,
      schema: documented(
        'auth',
        'The mailed link. `Accept: application/json` gets JSON; a browser is sent (303) to the dashboard page ' +
          '/verify-email?result=verified|already|invalid|suspended|unavailable, which says what happened and what to ' +
          'do next (a plain page when the dashboard is not built). A link opened again says the address is verified',
        {
          querystring: VerifyEmailQuery,
          response: { 200: MessageResponse, 303: { type: 'null', description: 'to the dashboard page' } },
        },
      ),
    },
    async (request, reply) => {
      const token = request.query.token;
      if (wantsJson(request.headers.accept)) {
        if (!token) throw new HttpError(400, 'The link has no token', { details: { token: 'is required' } });
        return { message: verifiedMessage(await domain.accounts.verifyEmail(token)) };
      }
      const outcome = await verifyFromLink(token);
      if (context.dashboardServed) return reply.redirect(`/verify-email?result=${outcome.result}`, 303);
      return reply
        .code(outcome.status)
        .type('text/html; charset=utf-8')
        .send(verifyEmailPage({ ok: outcome.status === 200, title: outcome.title, message: outcome.message }));
    },
  );

  /** What opening the link did, for a browser: one of the dashboard page's results, and the plain page's words. */
  async function verifyFromLink(token: string | undefined): Promise<LinkOutcome> {
    try {
      if (!token) throw new HttpError(400, 'The link has no token');
      const { alreadyVerified } = await domain.accounts.verifyEmail(token);
      return alreadyVerified
        ? { result: 'already', status: 200, title: 'Already verified', message: `${ALREADY_VERIFIED}: sign in.` }
        : {
            result: 'verified',
            status: 200,
            title: 'Email verified',
            message: `${VERIFIED}. You can close this page.`,
          };
    } catch (error) {
      const failure = failureOf(error, { checkoutUrl: context.checkoutUrl });
      if (failure.unexpected) throw error;
      const { status, body } = failure;
      const result = status === 403 ? 'suspended' : status >= 500 ? 'unavailable' : 'invalid';
      return { result, status, title: 'Verification failed', message: body.message ?? body.error };
    }
  }

  app.post(
    API_PATHS.refresh,
    {
      schema: documented('auth', 'A new access token for the refreshToken cookie; the cookie is rotated', {
        security: SECURITY.refreshCookie,
        response: { 200: RefreshResponse, ...GUARDED, ...errors(401) },
      }),
    },
    async (request, reply) => {
      try {
        const refreshed = await domain.sessions.refresh(refreshCookieOf(request) ?? '');
        setRefreshCookie(reply, refreshed.refreshToken, domain.config.refreshTokenTtlSeconds);
        return { accessToken: refreshed.accessToken };
      } catch (error) {
        // a refused cookie is useless: let the browser forget it
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    API_PATHS.logout,
    {
      schema: documented(
        'auth',
        'Revoke the refresh session (of the cookie, or of the Bearer access token: browsers do not send the ' +
          'cookie here) and clear the cookie; 200 whatever the credentials. Access tokens stay valid until they expire',
        { security: SECURITY.logout, response: { 200: MessageResponse, ...GUARDED } },
      ),
    },
    async (request, reply) => {
      await domain.sessions.logout(refreshCookieOf(request));
      await endSessionOfAccessToken(request);
      clearRefreshCookie(reply);
      return { message: 'Logged out' };
    },
  );

  /** The cookie's Path keeps it away from /api/auth/logout in browsers; the access token names the session instead. */
  async function endSessionOfAccessToken(request: FastifyRequest): Promise<void> {
    const credential = credentialOf(request);
    if (!credential) return;
    try {
      const principal = await domain.sessions.authenticate(credential);
      if (principal.sessionId) await domain.sessions.endSession(principal.user.id, principal.sessionId);
    } catch (error) {
      // logging out always succeeds; an invalid or expired access token simply names no session
      if (!isDomainError(error)) throw error;
    }
  }
}
