import { and, eq, isNull } from 'drizzle-orm';
import type { EmailVerificationRow, PasswordResetRow, RefreshTokenRow } from '../port/index.js';
import type { PgSession } from './database.js';
import { emailVerifications, passwordResets, refreshTokens } from './schema.js';

export function refreshTokenStatements({ db }: PgSession) {
  const notRevoked = isNull(refreshTokens.revokedAt);
  return {
    insert: async (token: Omit<RefreshTokenRow, 'rotatedAt' | 'revokedAt'>): Promise<void> => {
      await db.insert(refreshTokens).values(token);
    },
    byHash: async (tokenHash: string): Promise<RefreshTokenRow | undefined> =>
      (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0],
    markRotated: async (id: string, at: number): Promise<void> => {
      await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
    },
    revokeFamily: async (familyId: string, at: number, userId?: string): Promise<void> => {
      const ofFamily = eq(refreshTokens.familyId, familyId);
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(ofFamily, notRevoked, userId === undefined ? undefined : eq(refreshTokens.userId, userId)));
    },
    revokeAllOf: async (userId: string, at: number): Promise<void> => {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), notRevoked));
    },
  };
}

export function emailVerificationStatements({ db }: PgSession) {
  return {
    insert: async (verification: Omit<EmailVerificationRow, 'id' | 'usedAt'>): Promise<void> => {
      await db.insert(emailVerifications).values(verification);
    },
    byHash: async (tokenHash: string): Promise<EmailVerificationRow | undefined> =>
      (await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)))[0],
    markUsed: async (id: number, at: number): Promise<void> => {
      await db.update(emailVerifications).set({ usedAt: at }).where(eq(emailVerifications.id, id));
    },
  };
}

export function passwordResetStatements({ db }: PgSession) {
  const unused = isNull(passwordResets.usedAt);
  return {
    insert: async (reset: Omit<PasswordResetRow, 'id' | 'usedAt'>): Promise<void> => {
      await db.insert(passwordResets).values(reset);
    },
    byHash: async (tokenHash: string): Promise<PasswordResetRow | undefined> =>
      (await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)))[0],
    use: async (id: number, at: number): Promise<boolean> =>
      (
        await db
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.id, id), unused))
          .returning({ id: passwordResets.id })
      ).length > 0,
    useAllOf: async (userId: string, at: number): Promise<void> => {
      await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, userId), unused));
    },
  };
}
