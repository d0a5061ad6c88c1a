import { asc, count, eq } from 'drizzle-orm';
import type { ApiTokenRow, TokenCaller } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { lookupPerTurn } from './per-turn.js';
import { apiTokens } from './schema.js';

/** An ApiTokenRow's columns (not the insertion order that only sorts listings). */
const row = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  tokenHash: apiTokens.tokenHash,
  tokenPrefix: apiTokens.tokenPrefix,
  permissions: apiTokens.permissions,
  channelId: apiTokens.channelId,
  sign: apiTokens.sign,
  encrypt: apiTokens.encrypt,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

type StoredToken = Omit<ApiTokenRow, 'permissions'> & { permissions: string };

/** Permissions are stored as a comma-separated list. */
const toRow = (stored: StoredToken): ApiTokenRow => ({ ...stored, permissions: stored.permissions.split(',') });

interface CallerColumns extends Omit<TokenCaller, 'permissions' | 'requestsMade'> {
  permissions: string;
  requestsMade: number | null;
}

// every watermark request: plain SQL, prepared once per connection, for all the tokens of one event-loop turn
const CALLERS_BY_HASH: Statement = {
  name: 'api_tokens_callers_by_hash',
  text: `SELECT t.token_hash AS "tokenHash", t.id AS "tokenId", t.permissions, t.channel_id AS "channelId",
           t.sign, t.encrypt, u.id AS "userId", u.plan, u.balance, u.email_verified_at AS "emailVerifiedAt",
           u.suspended_at AS "suspendedAt", u.suspension_reason AS "suspensionReason",
           c.requests_made AS "requestsMade"
         FROM api_tokens t
         JOIN users u ON u.id = t.user_id
         LEFT JOIN usage_counters c ON c.user_id = t.user_id AND c.period_start = $2
         WHERE t.token_hash = ANY($1::text[])`,
};

const toCaller = ({ tokenHash: _hash, ...found }: CallerColumns & { tokenHash: string }): TokenCaller => ({
  ...found,
  permissions: found.permissions.split(','),
  requestsMade: found.requestsMade ?? 0,
});

export function apiTokenStatements({ db, run, shared }: PgSession) {
  const callers = async (periodStart: number, hashes: string[]) =>
    new Map(
      (await run<CallerColumns & { tokenHash: string }>(CALLERS_BY_HASH, [hashes, periodStart])).map((found) => [
        found.tokenHash,
        toCaller(found),
      ]),
    );
  // on the pool, the requests of one turn share one statement; in a unit of work, each call runs at once
  const callerPerTurn = shared ? lookupPerTurn(callers) : undefined;
  return {
    insert: async (token: Omit<ApiTokenRow, 'lastUsedAt'>): Promise<ApiTokenRow> => {
      const [inserted] = await db
        .insert(apiTokens)
        .values({ ...token, permissions: token.permissions.join(',') })
        .returning(row);
      return toRow(inserted);
    },
    byId: async (id: string): Promise<ApiTokenRow | undefined> => {
      const [found] = await db.select(row).from(apiTokens).where(eq(apiTokens.id, id));
      return found && toRow(found);
    },
    byHash: async (tokenHash: string): Promise<ApiTokenRow | undefined> => {
      const [found] = await db.select(row).from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
      return found && toRow(found);
    },
    listOf: async (userId: string): Promise<ApiTokenRow[]> =>
      (
        await db
          .select(row)
          .from(apiTokens)
          .where(eq(apiTokens.userId, userId))
          .orderBy(asc(apiTokens.createdAt), asc(apiTokens.rowid))
      ).map(toRow),
    countOf: async (userId: string): Promise<number> =>
      (await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId)))[0]?.n ?? 0,
    delete: async (id: string): Promise<boolean> =>
      (await db.delete(apiTokens).where(eq(apiTokens.id, id)).returning({ id: apiTokens.id })).length > 0,
    callerByHash: async (tokenHash: string, periodStart: number): Promise<TokenCaller | undefined> =>
      callerPerTurn ? callerPerTurn(periodStart, tokenHash) : (await callers(periodStart, [tokenHash])).get(tokenHash),
  };
}
