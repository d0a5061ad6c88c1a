import { Type, type Static } from '@sinclair/typebox';
import { FIELD_LIMITS } from '../../domain/index.js';
import { ApiTokenMetadata, ApiTokenWithSecret, Permission } from './common.js';

export const CreateTokenBody = Type.Object({
  name: Type.String({ maxLength: FIELD_LIMITS.tokenName }),
  permissions: Type.Array(Permission, { minItems: 1, maxItems: 2, uniqueItems: true }),
  signing_channel_id: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'bind to one of your active channels (keyed token); null: unkeyed',
    }),
  ),
  sign: Type.Optional(
    Type.Boolean({
      default: false,
      description: "sign every mark with the channel's current signing key (the channel needs one)",
    }),
  ),
  encrypt: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'false, with sign: marks are signed but not encrypted, so anyone can read and verify them',
    }),
  ),
});
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const TokenIdParams = Type.Object({ tokenId: Type.String({ maxLength: 100 }) });
export type TokenIdParams = Static<typeof TokenIdParams>;

export const LegacyTokenIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type LegacyTokenIdParams = Static<typeof LegacyTokenIdParams>;

export const TokenList = Type.Array(ApiTokenMetadata, {
  description: 'oldest first; when more follow, the Link header names the next page (rel="next")',
});

export const TokenListQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, description: 'tokens per page (default and largest: the per-account limit, 100)' }),
  ),
  after: Type.Optional(Type.String({ maxLength: 100, description: 'the id of the last token of the previous page' })),
});
export type TokenListQuery = Static<typeof TokenListQuery>;
export { ApiTokenWithSecret };
