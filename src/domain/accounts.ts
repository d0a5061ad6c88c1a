import { randomUUID } from 'node:crypto';
import { NameTakenError, type Repositories, type UnitOfWork, type UserChanges } from '../store/index.js';
import { issueAccessToken } from './access-token.js';
import { listTokenMetadata } from './api-tokens.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { grantCredits } from './grants.js';
import { storedNameKeysOf, usernameTaken } from './name-keys.js';
import { runPasswordWork, type AttemptOrigin } from './password-attempts.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { quotaOf } from './quota.js';
import { hashSecret, randomSecret } from './secrets.js';
import { endEverySession, startRefreshFamily } from './sessions.js';
import type { Plan, Profile, ProfileUpdate, RefreshResult, RegisterInput, Registration, User } from './types.js';
import { findUserByEmail, refuseSuspended, requireActiveUser, toUser } from './users.js';
import {
  emailProblem,
  normaliseEmail,
  passwordEncodingProblem,
  passwordProblem,
  personNameProblem,
  requireValid,
  usernameProblem,
} from './validation.js';

export interface Accounts {
  /**
   * Creates an unverified account on the free plan with the signup grant; returns the verification token once.
   * Limited per client address (TOO_MANY_ATTEMPTS) and by the hash gate (BUSY).
   */
  register(input: RegisterInput, origin?: AttemptOrigin): Promise<Registration>;
  /**
   * Consumes a verification token (single use, expiring). A link of an account that is verified already (opened a
   * second time, or a newer link was used first) answers `alreadyVerified` instead of a refusal.
   */
  verifyEmail(token: string): Promise<{ user: User; alreadyVerified: boolean }>;
  getProfile(userId: string): Promise<Profile>;
  updateProfile(userId: string, update: ProfileUpdate): Promise<User>;
  /**
   * Checks the current password and sets the new one. Every session of the account ends — its refresh sessions
   * and every access token issued before — and the caller's continues as a new one: the result is its access
   * token and refresh token. API tokens are not sessions and keep working. A wrong current password counts as a
   * failed login of the account (limited like login: TOO_MANY_ATTEMPTS, BUSY).
   */
  changePassword(
    userId: string,
    input: { currentPassword: string; newPassword: string },
    origin?: AttemptOrigin,
  ): Promise<RefreshResult>;
}

/** A new account: registration's fields, and for the operator (`wm users create`) a verified address and a plan. */
export interface NewAccount extends RegisterInput {
  /** skip email verification */
  verified?: boolean;
  plan?: Plan;
}

export function createAccounts(context: DomainContext): Accounts {
  return {
    register: async (input, origin) => {
      const { user, verification } = await createAccount(context, input, origin);
      if (!verification) throw new Error('unreachable: a new unverified account always gets a token');
      return { user, verificationToken: verification.token, verificationExpiresAt: verification.expiresAt };
    },

    verifyEmail: async (token) => {
      const now = context.now().getTime();
      const found = await context.store.emailVerifications.byHash(hashSecret(token));
      const row = found && (await context.store.users.byId(found.userId));
      if (!found || !row) throw invalidVerificationLink();
      // a suspended account can do nothing, not even confirm its address; the link stays valid until it expires
      refuseSuspended(row);
      if (row.emailVerifiedAt !== null) return { user: toUser(row), alreadyVerified: true };
      if (found.usedAt !== null || found.expiresAt <= now) throw invalidVerificationLink();
      return context.store.transaction(async (tx) => {
        await tx.emailVerifications.markUsed(found.id, now);
        const updated = await tx.users.update(found.userId, { emailVerifiedAt: now }, now);
        return { user: toUser(updated!), alreadyVerified: false };
      });
    },

    getProfile: async (userId) => {
      const row = await requireActiveUser(context, userId);
      return {
        user: toUser(row),
        api_tokens: await listTokenMetadata(context, userId),
        quota: await quotaOf(context, userId, row.plan),
      };
    },

    updateProfile: async (userId, update) => {
      const current = await requireActiveUser(context, userId);
      const changes = cleanProfileUpdate(update);
      if (Object.keys(changes).length === 0) {
        throw new DomainError('VALIDATION', 'Give at least one of username, firstName, lastName', {
          details: { body: 'at least one of username, firstName, lastName is required' },
        });
      }
      let row;
      try {
        row = (await context.store.users.update(userId, changes, context.now().getTime()))!;
      } catch (error) {
        if (error instanceof NameTakenError) throw usernameTaken();
        throw error;
      }
      // the key set names each key's account by its username: the operator approved publication under the old one
      if (changes.username !== undefined && changes.username !== current.username) {
        await context.store.channels.withdrawApprovals(userId);
      }
      return toUser(row);
    },

    changePassword: async (userId, { currentPassword, newPassword }, origin) => {
      const row = await requireActiveUser(context, userId);
      requireValid({
        currentPassword: currentPassword
          ? passwordEncodingProblem('Current password', currentPassword)
          : 'Current password is required',
        newPassword: passwordProblem(newPassword, row.email, row.username),
      });
      const ln = context.config.scryptLogN;
      const passwordHash = await runPasswordWork(
        context,
        { origin, account: row.email, knownAddressSkipsWaits: false },
        async () => {
          const check = await verifyPassword(currentPassword, row.passwordHash, ln);
          return check.ok ? hashPassword(newPassword, ln) : undefined;
        },
        (hash) => hash !== undefined,
      );
      const started =
        passwordHash &&
        (await replacePassword(context, userId, passwordHash, row.passwordHash, async (tx, sessionEpoch) => ({
          sessionEpoch,
          ...(await startRefreshFamily(context, tx, userId, sessionEpoch)),
        })));
      if (!started) {
        throw new DomainError('INVALID_CREDENTIALS', 'The current password is wrong', {
          details: { currentPassword: 'wrong password' },
        });
      }
      const access = await issueAccessToken(context, userId, started.familyId, started.sessionEpoch);
      return { ...access, refreshToken: started.refreshToken, refreshExpiresAt: started.refreshExpiresAt };
    },
  };
}

/** One way to create an account, for registration and `wm users create`. */
export async function createAccount(
  context: DomainContext,
  input: NewAccount,
  origin?: AttemptOrigin,
): Promise<{ user: User; verification?: { token: string; expiresAt: Date } }> {
  const email = normaliseEmail(input.email ?? '');
  const username = (input.username ?? '').trim();
  const firstName = input.firstName?.trim() || undefined;
  const lastName = input.lastName?.trim() || undefined;
  requireValid({
    email: emailProblem(email),
    username: usernameProblem(username),
    password: passwordProblem(input.password ?? '', email, username),
    firstName: firstName === undefined ? undefined : personNameProblem('First name', firstName),
    lastName: lastName === undefined ? undefined : personNameProblem('Last name', lastName),
  });
  // the address is counted before the email is looked up, so probing for registered addresses is limited too
  const passwordHash = await runPasswordWork(context, { origin }, async () =>
    (await findUserByEmail(context, email)) ? undefined : hashPassword(input.password, context.config.scryptLogN),
  );
  if (!passwordHash) throw emailTaken();
  const now = context.now().getTime();
  const id = randomUUID();
  return context.store.transaction(async (tx) => {
    const row = await tx.users.insert({
      id,
      email,
      username,
      usernameKeys: storedNameKeysOf(username),
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      passwordHash,
      emailVerifiedAt: input.verified ? now : null,
      plan: input.plan ?? 'free',
      createdAt: now,
    });
    // the address or a username like this one is taken (a concurrent registration may have won the race)
    if (!row) throw (await tx.users.byEmail(email)) ? emailTaken() : usernameTaken();
    await grantCredits(tx, now, id, context.config.freeCredits, 'signup-grant');
    const verification = input.verified ? undefined : await insertVerification(context, tx, id);
    return { user: toUser(row), verification };
  });
}

/** Sets a password (already checked against the policy) and ends every session of the account. */
export async function setPassword(context: DomainContext, userId: string, password: string): Promise<void> {
  const passwordHash = await runPasswordWork(context, {}, () => hashPassword(password, context.config.scryptLogN));
  await replacePassword(context, userId, passwordHash, undefined, async () => undefined);
}

/**
 * Stores a new password hash and ends every session of the account (session epoch raised, refresh tokens
 * revoked, password-reset links of the old password unusable), then runs `within` under the new epoch, all in one
 * unit of work. With `expected`, only while the stored hash is still that one (the one just checked); otherwise
 * nothing changes and the result is undefined.
 */
export async function replacePassword<T>(
  context: DomainContext,
  userId: string,
  passwordHash: string,
  expected: string | undefined,
  within: (tx: UnitOfWork, sessionEpoch: number) => Promise<T>,
): Promise<T | undefined> {
  const now = context.now().getTime();
  return context.store.transaction(async (tx) => {
    if (!(await tx.users.replacePasswordHash(userId, passwordHash, { expected, updatedAt: now }))) return undefined;
    const result = await within(tx, (await endEverySession(tx, userId, now))!);
    // after `within`, which may use one of them itself
    await tx.passwordResets.useAllOf(userId, now);
    return result;
  });
}

/** A new verification link's token for the account: stored as its hash, returned once. */
export async function insertVerification(context: DomainContext, store: Repositories, userId: string) {
  const token = randomSecret();
  const now = context.now().getTime();
  const expiresAt = new Date(now + context.config.verificationTokenTtlSeconds * 1000);
  await store.emailVerifications.insert({
    userId,
    tokenHash: hashSecret(token),
    expiresAt: expiresAt.getTime(),
    createdAt: now,
  });
  return { token, expiresAt };
}

type ProfileChanges = Pick<UserChanges, 'username' | 'usernameKeys' | 'firstName' | 'lastName'>;

function cleanProfileUpdate(update: ProfileUpdate): ProfileChanges {
  const changes: ProfileChanges = {};
  const username = update.username?.trim();
  const firstName = update.firstName?.trim();
  const lastName = update.lastName?.trim();
  requireValid({
    username: username === undefined ? undefined : usernameProblem(username),
    // an empty first/last name clears it
    firstName: firstName ? personNameProblem('First name', firstName) : undefined,
    lastName: lastName ? personNameProblem('Last name', lastName) : undefined,
  });
  if (username !== undefined) Object.assign(changes, { username, usernameKeys: storedNameKeysOf(username) });
  if (firstName !== undefined) changes.firstName = firstName || null;
  if (lastName !== undefined) changes.lastName = lastName || null;
  return changes;
}

function invalidVerificationLink(): DomainError {
  return new DomainError('VALIDATION', 'The verification link is invalid, used or expired', {
    details: { token: 'invalid, already used or expired' },
  });
}

function emailTaken(): DomainError {
  return new DomainError('EMAIL_TAKEN', 'An account with this email address exists already', {
    details: { email: 'already registered' },
  });
}
