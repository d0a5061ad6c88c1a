import { issueAccessToken } from './access-token.js';
import { insertVerification, replacePassword } from './accounts.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { countAddressAttempt, takeFromBucket, tooMany, type AttemptOrigin } from './password-attempts.js';
import { hashPassword } from './password-hash.js';
import { hashSecret, randomSecret } from './secrets.js';
import { startRefreshFamily } from './sessions.js';
import type { LoginResult } from './types.js';
import { findUserByEmail, requireActiveUser, toUser } from './users.js';
import { emailProblem, normaliseEmail, passwordEncodingProblem, passwordProblem, requireValid } from './validation.js';

/** The two mails a person who cannot get in may ask for. */
export type RecoveryMail = 'password-reset' | 'verification';

/** A link to mail: its secret (plain, only here) and to whom. */
export interface RecoveryLink {
  to: string;
  token: string;
  expiresAt: Date;
}

/**
 * Ways back in without the operator: a password-reset link and a new verification link, both mailed. Asking is
 * answered alike whether or not an account has the address (the caller answers before the link is made, and mails
 * it afterwards), so the answer tells nobody which addresses are registered.
 */
export interface Recovery {
  /**
   * Admits a request for a `kind` mail to `email`, or throws: VALIDATION for a malformed address, TOO_MANY_ATTEMPTS
   * past the client address's allowance (the one login, registration and password changes share) or past
   * `recoveryMailsPerHour` requests of this kind for the address. Counted alike for registered and unknown addresses.
   */
  admit(kind: RecoveryMail, email: string, origin?: AttemptOrigin): Promise<void>;
  /** A new reset link for the address's account; undefined when there is none or it is suspended. */
  issuePasswordReset(email: string): Promise<RecoveryLink | undefined>;
  /**
   * A new verification link for the address's account; undefined when there is no such account, or it is verified
   * or suspended.
   */
  issueVerification(email: string): Promise<RecoveryLink | undefined>;
  /**
   * Uses a reset link (once, before it expires): sets `newPassword`, ends every session of the account (refresh
   * sessions and access tokens issued before) and every other reset link, marks the address verified (the link
   * proved the mailbox), and starts a session for the caller. API tokens keep working. Each try counts against the
   * client address like a password attempt; the hashing goes through the hash gate (BUSY).
   */
  resetPassword(input: { token: string; newPassword: string }, origin?: AttemptOrigin): Promise<LoginResult>;
}

export function createRecovery(context: DomainContext): Recovery {
  return {
    admit: async (kind, email, origin) => {
      const address = normaliseEmail(typeof email === 'string' ? email : '');
      requireValid({ email: emailProblem(address) });
      await countAddressAttempt(context, origin);
      const perHour = context.config.recoveryMailsPerHour;
      await takeFromBucket(
        context,
        context.limiterState,
        `mail:${kind}:${address}`,
        { capacity: perHour, perMs: perHour / 3_600_000 },
        (retryAt) => tooMany(context, 'Too many requests for mail to this address', retryAt),
      );
    },

    issuePasswordReset: async (email) => {
      const row = await findUserByEmail(context, email);
      if (!row || row.suspendedAt !== null) return undefined;
      const token = randomSecret();
      const now = context.now().getTime();
      const expiresAt = new Date(now + context.config.passwordResetTtlSeconds * 1000);
      await context.store.passwordResets.insert({
        userId: row.id,
        tokenHash: hashSecret(token),
        expiresAt: expiresAt.getTime(),
        createdAt: now,
      });
      return { to: row.email, token, expiresAt };
    },

    issueVerification: async (email) => {
      const row = await findUserByEmail(context, email);
      if (!row || row.suspendedAt !== null || row.emailVerifiedAt !== null) return undefined;
      const { token, expiresAt } = await insertVerification(context, context.store, row.id);
      return { to: row.email, token, expiresAt };
    },

    resetPassword: async ({ token, newPassword }, origin) => {
      requireValid({
        token: typeof token === 'string' && token ? undefined : 'is required',
        newPassword:
          typeof newPassword === 'string' && newPassword
            ? passwordEncodingProblem('New password', newPassword)
            : 'New password is required',
      });
      const priority = await countAddressAttempt(context, origin);
      const found = await context.store.passwordResets.byHash(hashSecret(token));
      if (!found || found.usedAt !== null || found.expiresAt <= context.now().getTime()) throw invalidResetLink();
      const row = await requireActiveUser(context, found.userId);
      requireValid({ newPassword: passwordProblem(newPassword, row.email, row.username) });
      const passwordHash = await context.hashGate.run(priority, () =>
        hashPassword(newPassword, context.config.scryptLogN),
      );
      const started = await replacePassword(context, row.id, passwordHash, undefined, async (tx, sessionEpoch) => {
        const now = context.now().getTime();
        // the link is used in the unit of work that sets the password: of two requests with it, one sets it, and the
        // other's throw undoes its own password change
        if (found.expiresAt <= now || !(await tx.passwordResets.use(found.id, now))) throw invalidResetLink();
        const user = row.emailVerifiedAt === null ? await tx.users.update(row.id, { emailVerifiedAt: now }, now) : row;
        return { sessionEpoch, user: user!, ...(await startRefreshFamily(context, tx, row.id, sessionEpoch)) };
      });
      // without `expected`, the password is always replaced
      if (!started) throw new Error('unreachable: an unconditional password change did not happen');
      const access = await issueAccessToken(context, row.id, started.familyId, started.sessionEpoch);
      return {
        user: toUser(started.user),
        ...access,
        refreshToken: started.refreshToken,
        refreshExpiresAt: started.refreshExpiresAt,
      };
    },
  };
}

function invalidResetLink(): DomainError {
  return new DomainError('VALIDATION', 'The password-reset link is invalid, used or expired; ask for a new one', {
    details: { token: 'invalid, already used or expired' },
  });
}
