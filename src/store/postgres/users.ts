import { and, asc, eq, getTableColumns, isNull, lte, sql } from 'drizzle-orm';
import { NameTakenError, type NewUser, type StoredNameKeys, type UserChanges, type UserRow } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { isUniqueViolation } from './errors.js';
import { users } from './schema.js';

/** A UserRow's columns, as drizzle selects them: not the username's keys, which only the store compares. */
const { usernameKey: _key, usernameKeyCased: _keyCased, ...userRow } = getTableColumns(users);

const usernameKeyColumns = (keys: StoredNameKeys | undefined) =>
  keys ? { usernameKey: keys.key, usernameKeyCased: keys.keyCased } : {};

/** The columns of a UserRow, for the plain SQL statements. */
export const USER_COLUMNS = `id, email, username, first_name AS "firstName", last_name AS "lastName",
  password_hash AS "passwordHash", session_epoch AS "sessionEpoch", email_verified_at AS "emailVerifiedAt", plan,
  subscription_status AS "subscriptionStatus", renews_at AS "renewsAt", balance, suspended_at AS "suspendedAt",
  suspension_reason AS "suspensionReason", created_at AS "createdAt", updated_at AS "updatedAt"`;

// every signed-in request reads its account: plain SQL, prepared once per connection
const BY_ID: Statement = { name: 'users_by_id', text: `SELECT ${USER_COLUMNS} FROM users WHERE id = $1` };

export function userStatements({ db, run }: PgSession) {
  return {
    byId: async (id: string): Promise<UserRow | undefined> => (await run<UserRow>(BY_ID, [id]))[0],
    byEmail: async (email: string): Promise<UserRow | undefined> =>
      (await db.select(userRow).from(users).where(eq(users.email, email)))[0],
    list: (): Promise<UserRow[]> => db.select(userRow).from(users).orderBy(asc(users.createdAt), asc(users.email)),
    insert: async (user: NewUser): Promise<UserRow | undefined> =>
      (
        await db
          .insert(users)
          .values({ ...user, ...usernameKeyColumns(user.usernameKeys), updatedAt: user.createdAt })
          .onConflictDoNothing()
          .returning(userRow)
      )[0],
    update: async (
      id: string,
      { usernameKeys, ...changes }: UserChanges,
      updatedAt: number,
    ): Promise<UserRow | undefined> => {
      try {
        return (
          await db
            .update(users)
            .set({ ...changes, ...usernameKeyColumns(usernameKeys), updatedAt })
            .where(eq(users.id, id))
            .returning(userRow)
        )[0];
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameTakenError('the username is taken');
        throw error;
      }
    },
    withoutUsernameKeys: (limit: number): Promise<Pick<UserRow, 'id' | 'username'>[]> =>
      db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(isNull(users.usernameKey))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit),
    setUsernameKeys: async (id: string, keys: StoredNameKeys): Promise<boolean> => {
      try {
        const changed = await db
          .update(users)
          .set(usernameKeyColumns(keys))
          .where(and(eq(users.id, id), isNull(users.usernameKey)))
          .returning({ id: users.id });
        return changed.length > 0;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    delete: async (id: string): Promise<boolean> =>
      (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0,
    replacePasswordHash: async (
      id: string,
      passwordHash: string,
      { expected, updatedAt }: { expected?: string; updatedAt?: number },
    ): Promise<boolean> => {
      const ofUser = eq(users.id, id);
      const changed = await db
        .update(users)
        .set(updatedAt === undefined ? { passwordHash } : { passwordHash, updatedAt })
        .where(expected === undefined ? ofUser : and(ofUser, eq(users.passwordHash, expected)))
        .returning({ id: users.id });
      return changed.length > 0;
    },
    raiseSessionEpoch: async (id: string, updatedAt: number): Promise<number | undefined> =>
      (
        await db
          .update(users)
          .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt })
          .where(eq(users.id, id))
          .returning({ sessionEpoch: users.sessionEpoch })
      )[0]?.sessionEpoch,
    sessionEpoch: async (id: string): Promise<number | undefined> =>
      (await db.select({ sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, id)))[0]?.sessionEpoch,
    addCredits: async (id: string, credits: number, maxBalance: number): Promise<number | undefined> =>
      (
        await db
          .update(users)
          .set({ balance: sql`${users.balance} + ${credits}` })
          .where(and(eq(users.id, id), lte(users.balance, maxBalance - credits)))
          .returning({ balance: users.balance })
      )[0]?.balance,
  };
}
