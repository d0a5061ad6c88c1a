import type { FastifyInstance } from 'fastify';
import type { RecoveryLink } from '../../domain/index.js';
import type { ServerContext } from '../context.js';
import { passwordResetMail, verificationMail } from '../mail/index.js';
import { LoginResponse, MailRequestBody, MessageResponse, ResetPasswordBody } from '../schemas/auth.js';
import { errors } from '../schemas/common.js';
import { setRefreshCookie } from './refresh-cookie.js';
import { documented } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

const RESET_MAILED =
  'If an account uses this address, a link to set a new password is on its way. It works once, within an hour.';
const VERIFICATION_MAILED =
  'If an account with this address is waiting for verification, a new verification link is on its way.';
const RESET =
  'Password set. Every other session is signed out; this one goes on with the access token in this response. ' +
  'API tokens keep working.';

/** what the cross-site guard of these POST routes can answer: 403 for another site's page, 415 for a form body */
const GUARDED = errors(403, 415);
/** 202 for every well-formed address, registered or not: the answer does not tell which addresses have accounts */
const MAILED = { 202: MessageResponse, ...GUARDED, ...errors(429) };

/**
 * Ways back in without the operator: a mailed link to set a new password, and a new verification link. Registered
 * where the refresh cookie can be set (a reset signs the caller in).
 */
export function recoveryRoutes(app: FastifyInstance, context: ServerContext): void {
  const { recovery } = context.domain;

  /** Answers at once; the link is made and mailed afterwards, when there is an account to mail. */
  const mailLater = (what: string, issue: () => Promise<RecoveryLink | undefined>, mail: typeof verificationMail) =>
    context.mailQueue.post(what, async () => {
      const link = await issue();
      return link && mail({ ...link, publicUrl: context.publicUrl() });
    });

  app.post<{ Body: MailRequestBody }>(
    API_PATHS.forgotPassword,
    {
      schema: documented(
        'auth',
        'Mail a link to set a new password (single use, valid for an hour). 202 whether or not the address has an ' +
          `account; limited per client address like login, and to ${context.domain.config.recoveryMailsPerHour} ` +
          'requests an hour per address mailed',
        { body: MailRequestBody, response: MAILED },
      ),
    },
    async (request, reply) => {
      const { email } = request.body;
      await recovery.admit('password-reset', email, { clientAddress: request.ip });
      mailLater('password-reset mail', () => recovery.issuePasswordReset(email), passwordResetMail);
      return reply.code(202).send({ message: RESET_MAILED });
    },
  );

  app.post<{ Body: MailRequestBody }>(
    API_PATHS.resendVerification,
    {
      schema: documented(
        'auth',
        'Mail a new email-verification link to an account not verified yet (earlier links keep working until they ' +
          'expire). 202 whatever the address; limited like forgot-password',
        { body: MailRequestBody, response: MAILED },
      ),
    },
    async (request, reply) => {
      const { email } = request.body;
      await recovery.admit('verification', email, { clientAddress: request.ip });
      mailLater('verification mail', () => recovery.issueVerification(email), verificationMail);
      return reply.code(202).send({ message: VERIFICATION_MAILED });
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    API_PATHS.resetPassword,
    {
      schema: documented(
        'auth',
        'Set a new password with the token of a mailed reset link (once). Ends every session of the account and ' +
          'verifies its address; signs the caller in like login (access token, refreshToken cookie)',
        { body: ResetPasswordBody, response: { 200: LoginResponse, ...GUARDED, ...errors(429, 503) } },
      ),
    },
    async (request, reply) => {
      const session = await recovery.resetPassword(request.body, { clientAddress: request.ip });
      setRefreshCookie(reply, session.refreshToken, context.domain.config.refreshTokenTtlSeconds);
      return { message: RESET, accessToken: session.accessToken, user: session.user };
    },
  );
}
