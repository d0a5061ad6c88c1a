import { Type, type Static } from '@sinclair/typebox';
import { FIELD_LIMITS } from '../../domain/index.js';
import { Channel, ChannelListItem } from './common.js';

export const CreateChannelBody = Type.Object({ channel_name: Type.String({ maxLength: FIELD_LIMITS.channelName }) });
export type CreateChannelBody = Static<typeof CreateChannelBody>;

export const CreateChannelResponse = Type.Object({ message: Type.String(), channel: Channel });

export const ChannelList = Type.Object({ channels: Type.Array(ChannelListItem) });

export const ChannelIdParams = Type.Object({ channelId: Type.String({ maxLength: 100 }) });
export type ChannelIdParams = Static<typeof ChannelIdParams>;

export const DeactivateChannelResponse = Type.Object({
  message: Type.String(),
  channel: Type.Object({ id: Type.String(), channel_name: Type.String() }),
});
