import { Type, type TSchema } from '@sinclair/typebox';
import { PERMISSIONS, PLANS, SUBSCRIPTION_STATUSES } from '../../domain/index.js';
import { NOT_FOUND_CODE } from '../../ops/failure.js';
import { StringEnum } from '../../domain/shapes/string-enum.js';
import { reasonPhrase } from '../http-error.js';

const DateTime = Type.String({ format: 'date-time' });

export { StringEnum };

const Plan = StringEnum(PLANS);

export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'short error name, e.g. "Bad Request", "Payment Required", "AccountSuspended"' }),
    message: Type.Optional(Type.String()),
    details: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.String()), Type.String()], { description: 'per-field messages' }),
    ),
    required_length: Type.Optional(Type.Integer({ description: '400 carrier too short: the graphemes needed' })),
    checkout_url: Type.Optional(Type.String({ description: '402: where to buy credits' })),
    balance: Type.Optional(Type.Integer({ description: '402: the current balance' })),
    resets_at: Type.Optional(Type.String({ format: 'date-time', description: '429 quota: when it resets' })),
  },
  { additionalProperties: true },
);

/** 404: the spec's error body; `code` tells the domain's refusal from a route the server does not have. */
const NotFoundResponse = Type.Composite(
  [
    ErrorResponse,
    Type.Object({
      code: Type.Optional(
        Type.Literal(NOT_FOUND_CODE, {
          description: 'the record is none of the caller’s; a route the server does not have answers without it',
        }),
      ),
    }),
  ],
  { additionalProperties: true },
);

export const MessageResponse = Type.Object({ message: Type.String() });

export const User = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String({ format: 'email' }),
  username: Type.String(),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  plan: Plan,
  email_verified: Type.Boolean({
    description: 'the address was confirmed through the mailed link; watermark operations need it',
  }),
});

export const Permission = StringEnum(PERMISSIONS);

export const ApiTokenMetadata = Type.Object({
  id: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Permission),
  token_prefix: Type.String({ description: 'leading part of the secret, to recognise the token' }),
  signing_channel_id: Type.Union([Type.String(), Type.Null()], { description: 'bound channel (keyed token), or null' }),
  sign: Type.Boolean({ description: "the token signs its marks with its channel's current signing key" }),
  encrypt: Type.Boolean({
    description:
      "the token's marks are encrypted with its channel's key: every channel token unless created with encrypt " +
      'false (a signing token whose marks anyone can read); false without a channel',
  }),
  created_at: DateTime,
  last_used_at: Type.Union([DateTime, Type.Null()]),
});

export const ApiTokenWithSecret = Type.Composite([
  Type.Object({ token: Type.String({ description: 'the secret; shown only in this response' }) }),
  ApiTokenMetadata,
]);

/** The public part of a channel's signing key: the private key is never returned. */
export const SigningKeyInfo = Type.Object({
  key_id: Type.String({ description: 'the id signed marks name (16 hex digits)' }),
  public_key: Type.String({ description: 'the raw Ed25519 public key, base64url (the x of the key set)' }),
  created_at: DateTime,
  retired_at: Type.Union([DateTime, Type.Null()], { description: 'when a newer key replaced it; null: current' }),
});

export const Channel = Type.Object({
  id: Type.String({ format: 'uuid' }),
  channel_name: Type.String(),
  is_active: Type.Boolean(),
  created_at: DateTime,
  signing_keys: Type.Array(SigningKeyInfo, {
    description: 'the Ed25519 signing keys, newest first: the current one, then the retired ones',
  }),
  keys_public: Type.Boolean({ description: 'the owner asks for the keys to be listed in /.well-known/wm-keys.json' }),
  signer_name: Type.Union([Type.String(), Type.Null()], {
    description: 'the name the key set gives the keys; null: channel_name',
  }),
  keys_published: Type.Boolean({
    description:
      'the keys are in /.well-known/wm-keys.json now: keys_public, a verified email address, and the operator’s ' +
      'approval (unless the server publishes the keys of every verified account)',
  }),
});

export const ChannelListItem = Type.Composite([
  Channel,
  Type.Object({
    active_tokens: Type.Integer(),
    c2pa_certificate: Type.Boolean({
      description: 'it holds a C2PA signing certificate: its API tokens sign Content Credentials (c2pa-sign)',
    }),
  }),
]);

export const Quota = Type.Object({
  requests_made: Type.Integer(),
  requests_limit: Type.Integer(),
  requests_remaining: Type.Integer(),
  resets_at: DateTime,
});

export const CreditBalance = Type.Object({
  balance: Type.Integer(),
  plan: Plan,
  subscription_status: StringEnum(SUBSCRIPTION_STATUSES),
  renews_at: Type.Union([DateTime, Type.Null()]),
});

/** Response schemas of the error statuses a route documents, each described by its reason phrase. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { ...(status === 404 ? NotFoundResponse : ErrorResponse), description: reasonPhrase(status) },
    ]),
  );
}
