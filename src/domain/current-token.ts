import type { ApiTokenRow } from '../store/index.js';
import { isWellFormedApiTokenSecret } from './api-token-secret.js';
import { deleteApiToken, toMetadata } from './api-tokens.js';
import type { DomainContext } from './context.js';
import { balanceOf } from './credits.js';
import { DomainError } from './errors.js';
import { quotaOf } from './quota.js';
import { hashSecret } from './secrets.js';
import type { ApiTokenMetadata, CreditBalance, Quota, User } from './types.js';
import { requireActiveUser, toUser, type UserRow } from './users.js';

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
  identify(apiToken: string): Promise<string>;
  describe(apiToken: string): Promise<TokenDescription>;
  /** Deletes the token at once, as revocation by its owner does. */
  revoke(apiToken: string): Promise<void>;
}

export function createCurrentToken(context: DomainContext): CurrentToken {
  async function find(apiToken: string): Promise<{ token: ApiTokenRow; user: UserRow }> {
    if (!apiToken) throw new DomainError('UNAUTHENTICATED', 'An API token is required');
    const token = isWellFormedApiTokenSecret(apiToken)
      ? await context.store.apiTokens.byHash(hashSecret(apiToken))
      : undefined;
    if (!token) throw new DomainError('TOKEN_REVOKED', 'The API token is invalid or has been revoked');
    return { token, user: await requireActiveUser(context, token.userId) };
  }
  return {
    identify: async (apiToken) => (await find(apiToken)).token.id,
    describe: async (apiToken) => {
      const { token, user } = await find(apiToken);
      return {
        token: toMetadata(token),
        user: toUser(user),
        credits: balanceOf(user),
        quota: await quotaOf(context, user.id, user.plan),
      };
    },
    revoke: async (apiToken) => {
      await deleteApiToken(context, (await find(apiToken)).token.id);
    },
  };
}
