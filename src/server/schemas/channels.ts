import { Type, type Static } from '@sinclair/typebox';
import { FIELD_LIMITS } from '../../domain/index.js';
import { Channel, ChannelListItem } from './common.js';

const Publication = {
  keys_public: Type.Optional(
    Type.Boolean({ description: "list the channel's signing keys in /.well-known/wm-keys.json" }),
  ),
  signer_name: Type.Optional(
    Type.Union([Type.String({ maxLength: FIELD_LIMITS.signerName }), Type.Null()], {
      description: 'the name the key set gives the keys; null or "": the channel name',
    }),
  ),
};

export const CreateChannelBody = Type.Object({
  channel_name: Type.String({ maxLength: FIELD_LIMITS.channelName }),
  signing: Type.Optional(
    Type.Boolean({ default: false, description: 'create the channel with an Ed25519 signing key pair' }),
  ),
  ...Publication,
});
export type CreateChannelBody = Static<typeof CreateChannelBody>;

export const UpdateChannelBody = Type.Object(Publication);
export type UpdateChannelBody = Static<typeof UpdateChannelBody>;

export const ChannelResponse = Type.Object({ message: Type.String(), channel: Channel });
export const CreateChannelResponse = ChannelResponse;

export const ChannelList = Type.Object({ channels: Type.Array(ChannelListItem) });

export const ChannelIdParams = Type.Object({ channelId: Type.String({ maxLength: 100 }) });
export type ChannelIdParams = Static<typeof ChannelIdParams>;

export const SigningKeyParams = Type.Object({
  channelId: Type.String({ maxLength: 100 }),
  keyId: Type.String({ maxLength: 100 }),
});
export type SigningKeyParams = Static<typeof SigningKeyParams>;

export const DeactivateChannelResponse = Type.Object({
  message: Type.String(),
  channel: Type.Object({ id: Type.String(), channel_name: Type.String() }),
});

export const C2paCertificateBody = Type.Object({
  algorithm: Type.Optional(
    Type.Union([Type.Literal('es256'), Type.Literal('ed25519')], {
      description: 'the signing key made for a new certificate: es256 (ECDSA P-256, the default) or ed25519',
    }),
  ),
  signer_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'who signs, as a made certificate names it' }),
  ),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'validity of a made certificate' })),
  private_key_pem: Type.Optional(
    Type.String({ maxLength: 65536, description: 'import: the signing key (PEM); with chain_pem' }),
  ),
  chain_pem: Type.Optional(
    Type.String({ maxLength: 65536, description: "import: the signer's certificate first, then its issuers (PEM)" }),
  ),
});
export type C2paCertificateBody = Static<typeof C2paCertificateBody>;

export const C2paCertificate = Type.Object({
  channel_id: Type.String(),
  origin: Type.Union([Type.Literal('made'), Type.Literal('imported')]),
  algorithm: Type.Union([Type.Literal('es256'), Type.Literal('ed25519')]),
  signer: Type.String({ description: "the signer certificate's common name" }),
  organization: Type.Union([Type.String(), Type.Null()]),
  issuer: Type.String(),
  not_before: Type.String({ format: 'date-time' }),
  not_after: Type.String({ format: 'date-time' }),
  chain_pem: Type.String({ description: "the chain, the signer's certificate first" }),
  anchor_pem: Type.String({
    description: 'the last certificate of the chain: for a made certificate, the trust anchor readers add',
  }),
  created_at: Type.String({ format: 'date-time' }),
});

export const C2paCertificateResponse = Type.Object({ message: Type.String(), certificate: C2paCertificate });
