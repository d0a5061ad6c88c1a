import { eq, sql } from 'drizzle-orm';
import { apiTokens, preparedPerDatabase } from '../store/index.js';
import { isWellFormedApiTokenSecret } from './api-token-secret.js';
import { deleteApiToken, toMetadata } from './api-tokens.js';
import type { DomainContext } from './context.js';
import { balanceOf } from './credits.js';
import { DomainError } from './errors.js';
import { quotaOf } from './ledger.js';
import { hashSecret } from './secrets.js';
import type { ApiTokenMetadata, CreditBalance, Quota, User } from './types.js';
import { accountGone, findUserById, refuseSuspended, toUser, type UserRow } from './users.js';

/** What an API token may learn about itself (`wm whoami`). */
export interface TokenDescription {
  token: ApiTokenMetadata;
  user: User;
  credits: CreditBalance;
  quota: Quota;
}

/**
 * The API token a request presents, without a watermark operation: what a client that holds only the token
 * (`wm login` stores nothing else) needs to check it (MCP on `wm serve`), describe it and revoke it.
 */
export interface CurrentToken {
  /** The token's id; TOKEN_REVOKED for an unknown token, ACCOUNT_SUSPENDED as on every endpoint. */
  identify(apiToken: string): string;
  describe(apiToken: string): TokenDescription;
  /** Deletes the token at once, as revocation by its owner does. */
  revoke(apiToken: string): void;
}

const tokenByHash = preparedPerDatabase((db) =>
  db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare(),
);

export function createCurrentToken(context: DomainContext): CurrentToken {
  function find(apiToken: string): { token: typeof apiTokens.$inferSelect; user: UserRow } {
    if (!apiToken) throw new DomainError('UNAUTHENTICATED', 'An API token is required');
    const token = isWellFormedApiTokenSecret(apiToken)
      ? tokenByHash(context.db).get({ tokenHash: hashSecret(apiToken) })
      : undefined;
    if (!token) throw new DomainError('TOKEN_REVOKED', 'The API token is invalid or has been revoked');
    const user = findUserById(context, token.userId);
    if (!user) throw accountGone();
    refuseSuspended(user);
    return { token, user };
  }
  return {
    identify: (apiToken) => find(apiToken).token.id,
    describe: (apiToken) => {
      const { token, user } = find(apiToken);
      return {
        token: toMetadata(token),
        user: toUser(user),
        credits: balanceOf(user),
        quota: quotaOf(context, user.id, user.plan),
      };
    },
    revoke: (apiToken) => {
      deleteApiToken(context, find(apiToken).token.id);
    },
  };
}
