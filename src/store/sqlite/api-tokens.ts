import { asc, count, eq } from 'drizzle-orm';
import type { ApiTokenRow, TokenCaller } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';
import { apiTokens, insertionOrder } from './schema.js';

type StoredToken = typeof apiTokens.$inferSelect;

/** Permissions are stored as a comma-separated list. */
const toRow = (row: StoredToken): ApiTokenRow => ({ ...row, permissions: row.permissions.split(',') });

interface CallerColumns extends Omit<TokenCaller, 'permissions' | 'sign' | 'encrypt' | 'requestsMade'> {
  permissions: string;
  /** SQLite's booleans: 0 or 1 */
  sign: number;
  encrypt: number;
  requestsMade: number | null;
}

export function apiTokenStatements(db: Db) {
  // plain SQL prepared once: this runs on every watermark request, where drizzle's placeholder filling and row
  // mapping show (docs/PERFORMANCE.md)
  const callerByHash = preparedOnce(() =>
    db.$client.prepare<{ tokenHash: string; periodStart: number }, CallerColumns>(
      `SELECT t.id AS tokenId, t.permissions, t.channel_id AS channelId, t.sign, t.encrypt,
              u.id AS userId, u.plan, u.balance,
              u.email_verified_at AS emailVerifiedAt, u.suspended_at AS suspendedAt,
              u.suspension_reason AS suspensionReason, c.requests_made AS requestsMade
       FROM api_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN usage_counters c ON c.user_id = t.user_id AND c.period_start = @periodStart
       WHERE t.token_hash = @tokenHash`,
    ),
  );
  return {
    insert: (token: Omit<ApiTokenRow, 'lastUsedAt'>): ApiTokenRow =>
      toRow(
        db
          .insert(apiTokens)
          .values({ ...token, permissions: token.permissions.join(',') })
          .returning()
          .get(),
      ),
    byId: (id: string): ApiTokenRow | undefined => {
      const row = db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();
      return row && toRow(row);
    },
    byHash: (tokenHash: string): ApiTokenRow | undefined => {
      const row = db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).get();
      return row && toRow(row);
    },
    listOf: (userId: string): ApiTokenRow[] =>
      db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(asc(apiTokens.createdAt), insertionOrder)
        .all()
        .map(toRow),
    countOf: (userId: string): number =>
      db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)).get()?.n ?? 0,
    delete: (id: string): boolean => db.delete(apiTokens).where(eq(apiTokens.id, id)).run().changes > 0,
    callerByHash: (tokenHash: string, periodStart: number): TokenCaller | undefined => {
      const found = callerByHash().get({ tokenHash, periodStart });
      if (!found) return undefined;
      return {
        ...found,
        plan: found.plan,
        permissions: found.permissions.split(','),
        sign: found.sign === 1,
        encrypt: found.encrypt === 1,
        requestsMade: found.requestsMade ?? 0,
      };
    },
  };
}
