import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { NameTakenError, type NewUser, type StoredNameKeys, type UserChanges, type UserRow } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';
import { users } from './schema.js';
import { isUniqueViolation } from './unique-violation.js';

const usernameKeyColumns = (keys: StoredNameKeys | undefined) =>
  keys ? { usernameKey: keys.key, usernameKeyCased: keys.keyCased } : {};

export function userStatements(db: Db) {
  const byId = preparedOnce(() =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(),
  );
  return {
    byId: (id: string): UserRow | undefined => byId().get({ id }),
    byEmail: (email: string): UserRow | undefined => db.select().from(users).where(eq(users.email, email)).get(),
    list: (): UserRow[] => db.select().from(users).orderBy(asc(users.createdAt), asc(users.email)).all(),
    insert: (user: NewUser): UserRow | undefined =>
      db
        .insert(users)
        .values({ ...user, ...usernameKeyColumns(user.usernameKeys), updatedAt: user.createdAt })
        .onConflictDoNothing()
        .returning()
        .get(),
    update: (id: string, { usernameKeys, ...changes }: UserChanges, updatedAt: number): UserRow | undefined => {
      try {
        return db
          .update(users)
          .set({ ...changes, ...usernameKeyColumns(usernameKeys), updatedAt })
          .where(eq(users.id, id))
          .returning()
          .get();
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameTakenError('the username is taken');
        throw error;
      }
    },
    withoutUsernameKeys: (limit: number): Pick<UserRow, 'id' | 'username'>[] =>
      db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(isNull(users.usernameKey))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit)
        .all(),
    setUsernameKeys: (id: string, keys: StoredNameKeys): boolean => {
      try {
        return (
          db
            .update(users)
            .set(usernameKeyColumns(keys))
            .where(and(eq(users.id, id), isNull(users.usernameKey)))
            .run().changes > 0
        );
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    delete: (id: string): boolean => db.delete(users).where(eq(users.id, id)).run().changes > 0,
    replacePasswordHash: (
      id: string,
      passwordHash: string,
      { expected, updatedAt }: { expected?: string; updatedAt?: number },
    ): boolean => {
      const ofUser = eq(users.id, id);
      return (
        db
          .update(users)
          .set(updatedAt === undefined ? { passwordHash } : { passwordHash, updatedAt })
          .where(expected === undefined ? ofUser : and(ofUser, eq(users.passwordHash, expected)))
          .run().changes > 0
      );
    },
    raiseSessionEpoch: (id: string, updatedAt: number): number | undefined =>
      db
        .update(users)
        .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt })
        .where(eq(users.id, id))
        .returning({ sessionEpoch: users.sessionEpoch })
        .get()?.sessionEpoch,
    sessionEpoch: (id: string): number | undefined =>
      db.select({ sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, id)).get()?.sessionEpoch,
    addCredits: (id: string, credits: number, maxBalance: number): number | undefined =>
      db
        .update(users)
        .set({ balance: sql`${users.balance} + ${credits}` })
        .where(and(eq(users.id, id), lte(users.balance, maxBalance - credits)))
        .returning({ balance: users.balance })
        .get()?.balance,
  };
}
