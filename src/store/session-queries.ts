import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from './open-store.js';
import { refreshTokens, users } from './schema.js';

/**
 * Ends every session of an account: raises its session epoch (so access tokens issued before are refused) and
 * revokes every refresh token. Returns the new epoch, or undefined when the user does not exist.
 */
export function endEverySession(db: Queryable, userId: string, now: number): number | undefined {
  const raised = db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ sessionEpoch: users.sessionEpoch })
    .get();
  db.update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .run();
  return raised?.sessionEpoch;
}

/** The user's current session epoch, or undefined when the user does not exist. */
export function sessionEpochOf(db: Queryable, userId: string): number | undefined {
  return db.select({ sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, userId)).get()?.sessionEpoch;
}
