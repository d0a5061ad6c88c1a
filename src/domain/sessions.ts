import { randomUUID } from 'node:crypto';
import type { Repositories } from '../store/index.js';
import { issueAccessToken, verifyAccessToken } from './access-token.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { runPasswordWork, type AttemptOrigin } from './password-attempts.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { hashSecret, randomSecret } from './secrets.js';
import type { AccessPrincipal, LoginResult, RefreshCredential, RefreshResult } from './types.js';
import { findUserByEmail, refuseSuspended, requireActiveUser, toUser, type UserRow } from './users.js';
import { normaliseEmail, passwordEncodingProblem, requireValid } from './validation.js';

export interface Sessions {
  /**
   * Email + password → access token, refresh token (new family) and the user. Unknown email and wrong password give
   * the same INVALID_CREDENTIALS after the same work. A suspended account gets ACCOUNT_SUSPENDED (after the password
   * check, so the state is not revealed to strangers). Limited per client address and per account
   * (TOO_MANY_ATTEMPTS) and by the hash gate (BUSY). A password change that commits while the password is being
   * checked makes the login fail as INVALID_CREDENTIALS: the password it checked is no longer the account's.
   */
  login(input: { email: string; password: string }, origin?: AttemptOrigin): Promise<LoginResult>;
  /** Rotates the refresh token. Presenting an already rotated token revokes its whole family (theft detection). */
  refresh(refreshToken: string): Promise<RefreshResult>;
  /** Revokes the refresh token's family. Unknown or already revoked tokens are ignored: logging out always works. */
  logout(refreshToken: string | undefined): Promise<void>;
  /**
   * Revokes the refresh session an access token was issued for (its `sessionId`). Logout needs it because the
   * refresh cookie (Path=/api/auth/refresh) never reaches the logout endpoint from a browser.
   */
  endSession(userId: string, sessionId: string): Promise<void>;
  /**
   * Verifies an access token (JWT) and returns its still-existing, not suspended user. A token issued before the
   * account's last password change is refused (UNAUTHENTICATED).
   */
  authenticate(accessToken: string): Promise<AccessPrincipal>;
}

export function createSessions(context: DomainContext): Sessions {
  return {
    login: async ({ email, password }, origin) => {
      requireValid({
        email: typeof email === 'string' && email.trim() ? undefined : 'Email is required',
        password:
          typeof password === 'string' && password
            ? passwordEncodingProblem('Password', password)
            : 'Password is required',
      });
      const account = normaliseEmail(email);
      const checked = await runPasswordWork(
        context,
        { origin, account },
        () => checkLogin(context, account, password),
        (row) => row !== undefined,
      );
      if (!checked) throw invalidCredentials();
      refuseSuspended(checked);
      const started = await context.store.transaction(async (tx) =>
        // the password checked must still be the account's: a change that committed meanwhile ends this login
        (await tx.users.sessionEpoch(checked.id)) === checked.sessionEpoch
          ? startRefreshFamily(context, tx, checked.id, checked.sessionEpoch)
          : undefined,
      );
      if (!started) throw invalidCredentials();
      const { familyId, ...refresh } = started;
      const access = await issueAccessToken(context, checked.id, familyId, checked.sessionEpoch);
      return { user: toUser(checked), ...access, ...refresh };
    },

    refresh: async (refreshToken) => {
      if (!refreshToken) throw new DomainError('UNAUTHENTICATED', 'No refresh token');
      const now = context.now().getTime();
      // decide inside one unit of work (so two concurrent refreshes can't both rotate), throw after commit (so a
      // family revocation is not rolled back by the throw)
      const outcome = await context.store.transaction(async (tx) => {
        const found = await tx.refreshTokens.byHash(hashSecret(refreshToken));
        if (!found || found.revokedAt !== null || found.expiresAt <= now) return { refused: 'invalid' } as const;
        if ((await tx.users.sessionEpoch(found.userId)) !== found.sessionEpoch) {
          // started before a password change (its revocation is what normally ends it)
          await tx.refreshTokens.revokeFamily(found.familyId, now);
          return { refused: 'invalid' } as const;
        }
        if (found.rotatedAt !== null) {
          await tx.refreshTokens.revokeFamily(found.familyId, now);
          return { refused: 'reused' } as const;
        }
        await tx.refreshTokens.markRotated(found.id, now);
        return {
          userId: found.userId,
          familyId: found.familyId,
          sessionEpoch: found.sessionEpoch,
          next: await insertRefreshToken(context, tx, found.userId, found.familyId, found.sessionEpoch),
        };
      });
      if ('refused' in outcome) {
        throw new DomainError(
          'UNAUTHENTICATED',
          outcome.refused === 'reused'
            ? 'The refresh token was already used; the session has been ended, please log in again'
            : 'The refresh token is invalid, expired or revoked',
        );
      }
      await requireActiveUser(context, outcome.userId);
      const access = await issueAccessToken(context, outcome.userId, outcome.familyId, outcome.sessionEpoch);
      return { ...access, ...outcome.next };
    },

    logout: async (refreshToken) => {
      if (!refreshToken) return;
      const found = await context.store.refreshTokens.byHash(hashSecret(refreshToken));
      if (found) await context.store.refreshTokens.revokeFamily(found.familyId, context.now().getTime());
    },

    endSession: (userId, sessionId) =>
      context.store.refreshTokens.revokeFamily(sessionId, context.now().getTime(), userId),

    authenticate: async (accessToken) => {
      if (!accessToken) throw new DomainError('UNAUTHENTICATED', 'No access token');
      const claims = await verifyAccessToken(context, accessToken);
      const row = await requireActiveUser(context, claims.userId);
      if (claims.sessionEpoch !== row.sessionEpoch) {
        throw new DomainError(
          'UNAUTHENTICATED',
          'The access token was issued before the password was changed; log in again',
        );
      }
      return { user: toUser(row), tokenId: claims.tokenId, expiresAt: claims.expiresAt, sessionId: claims.sessionId };
    },
  };
}

/**
 * The password work of a login: the account's row when `password` is right, else undefined after the same scrypt
 * work (an unknown email costs one hash too, so response time does not tell which emails exist). A right password
 * in an older hash form is re-hashed, unless the password changed meanwhile.
 */
async function checkLogin(context: DomainContext, email: string, password: string): Promise<UserRow | undefined> {
  const ln = context.config.scryptLogN;
  const row = await findUserByEmail(context, email);
  if (!row) {
    await hashPassword(password, ln);
    return undefined;
  }
  const check = await verifyPassword(password, row.passwordHash, ln);
  if (!check.ok) return undefined;
  if (check.needsRehash) {
    const passwordHash = await hashPassword(password, ln);
    await context.store.users.replacePasswordHash(row.id, passwordHash, { expected: row.passwordHash });
  }
  return row;
}

/**
 * Ends every session of an account: raises its session epoch (so access tokens issued before are refused) and
 * revokes every refresh token. Returns the new epoch, or undefined when the user does not exist.
 */
export async function endEverySession(tx: Repositories, userId: string, now: number): Promise<number | undefined> {
  const sessionEpoch = await tx.users.raiseSessionEpoch(userId, now);
  await tx.refreshTokens.revokeAllOf(userId, now);
  return sessionEpoch;
}

/**
 * Starts a refresh session for a user whose password was just checked, under their current session epoch, in
 * `tx` (the caller's unit of work): the first refresh token of a new family.
 */
export async function startRefreshFamily(
  context: DomainContext,
  tx: Repositories,
  userId: string,
  sessionEpoch: number,
): Promise<RefreshCredential & { familyId: string }> {
  const familyId = randomUUID();
  return { familyId, ...(await insertRefreshToken(context, tx, userId, familyId, sessionEpoch)) };
}

async function insertRefreshToken(
  context: DomainContext,
  tx: Repositories,
  userId: string,
  familyId: string,
  sessionEpoch: number,
): Promise<RefreshCredential> {
  const refreshToken = randomSecret();
  const now = context.now().getTime();
  const refreshExpiresAt = new Date(now + context.config.refreshTokenTtlSeconds * 1000);
  await tx.refreshTokens.insert({
    id: randomUUID(),
    userId,
    familyId,
    sessionEpoch,
    tokenHash: hashSecret(refreshToken),
    expiresAt: refreshExpiresAt.getTime(),
    createdAt: now,
  });
  return { refreshToken, refreshExpiresAt };
}

function invalidCredentials(): DomainError {
  return new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');
}
