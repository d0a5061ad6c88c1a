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
