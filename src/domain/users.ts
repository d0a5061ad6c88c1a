import type { UserRow } from '../store/index.js';
import type { DomainContext } from './context.js';
import { accountGone, DomainError } from './errors.js';
import type { User, UserRecord } from './types.js';
import { normaliseEmail } from './validation.js';

export type { UserRow };

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    ...(row.firstName !== null ? { firstName: row.firstName } : {}),
    ...(row.lastName !== null ? { lastName: row.lastName } : {}),
    plan: row.plan,
    email_verified: row.emailVerifiedAt !== null,
  };
}

export function toUserRecord(row: UserRow): UserRecord {
  return {
    ...toUser(row),
    suspended: row.suspendedAt !== null,
    suspension_reason: row.suspensionReason,
    balance: row.balance,
    subscription_status: row.subscriptionStatus,
    created_at: iso(row.createdAt),
  };
}

export function findUserByEmail(context: DomainContext, email: string): Promise<UserRow | undefined> {
  return context.store.users.byEmail(normaliseEmail(email));
}

/** The user behind an authenticated request: it must still exist and must not be suspended. */
export async function requireActiveUser(context: DomainContext, userId: string): Promise<UserRow> {
  const row = await context.store.users.byId(userId);
  if (!row) throw accountGone();
  refuseSuspended(row);
  return row;
}

export function refuseSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspensionReason'>): void {
  if (row.suspendedAt !== null) {
    throw new DomainError(
      'ACCOUNT_SUSPENDED',
      'The account is suspended because of an open payment dispute',
      row.suspensionReason ? { details: { reason: row.suspensionReason } } : {},
    );
  }
}

/** Admin lookup by email. */
export async function requireUserByEmail(context: DomainContext, email: string): Promise<UserRow> {
  const row = await findUserByEmail(context, email);
  if (!row) throw new DomainError('NOT_FOUND', `No user with email ${normaliseEmail(email)}`);
  return row;
}
