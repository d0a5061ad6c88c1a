import { and, eq, isNull } from 'drizzle-orm';
import type { EmailVerificationRow, PasswordResetRow, RefreshTokenRow } from '../port/index.js';
import type { Db } from './database.js';
import { emailVerifications, passwordResets, refreshTokens } from './schema.js';

export function refreshTokenStatements(db: Db) {
  const notRevoked = isNull(refreshTokens.revokedAt);
  return {
    insert: (token: Omit<RefreshTokenRow, 'rotatedAt' | 'revokedAt'>): void => {
      db.insert(refreshTokens).values(token).run();
    },
    byHash: (tokenHash: string): RefreshTokenRow | undefined =>
      db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get(),
    markRotated: (id: string, at: number): void => {
      db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id)).run();
    },
    revokeFamily: (familyId: string, at: number, userId?: string): void => {
      const ofFamily = eq(refreshTokens.familyId, familyId);
      db.update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(ofFamily, notRevoked, userId === undefined ? undefined : eq(refreshTokens.userId, userId)))
        .run();
    },
    revokeAllOf: (userId: string, at: number): void => {
      db.update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), notRevoked))
        .run();
    },
  };
}

export function emailVerificationStatements(db: Db) {
  return {
    insert: (verification: Omit<EmailVerificationRow, 'id' | 'usedAt'>): void => {
      db.insert(emailVerifications).values(verification).run();
    },
    byHash: (tokenHash: string): EmailVerificationRow | undefined =>
      db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).get(),
    markUsed: (id: number, at: number): void => {
      db.update(emailVerifications).set({ usedAt: at }).where(eq(emailVerifications.id, id)).run();
    },
  };
}

export function passwordResetStatements(db: Db) {
  const unused = isNull(passwordResets.usedAt);
  return {
    insert: (reset: Omit<PasswordResetRow, 'id' | 'usedAt'>): void => {
      db.insert(passwordResets).values(reset).run();
    },
    byHash: (tokenHash: string): PasswordResetRow | undefined =>
      db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get(),
    use: (id: number, at: number): boolean =>
      db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.id, id), unused))
        .run().changes > 0,
    useAllOf: (userId: string, at: number): void => {
      db.update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, userId), unused))
        .run();
    },
  };
}
