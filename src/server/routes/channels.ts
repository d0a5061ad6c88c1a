import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import {
  ChannelIdParams,
  ChannelList,
  ChannelResponse,
  CreateChannelBody,
  CreateChannelResponse,
  DeactivateChannelResponse,
  SigningKeyParams,
  UpdateChannelBody,
} from '../schemas/channels.js';
import { errors } from '../schemas/common.js';
import { sessionRoute } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

export function channelRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.post<{ Body: CreateChannelBody }>(
    API_PATHS.channels,
    sessionRoute(
      context,
      'channels',
      'Create a channel (starter: 3 active, pro: 20, free: none); names are unique per account',
      {
        body: CreateChannelBody,
        response: { 201: CreateChannelResponse, ...errors(409) },
      },
    ),
    async (request, reply) => {
      const { channel_name, ...options } = request.body;
      const channel = await domain.channels.create(sessionOf(request).user.id, channel_name, options);
      return reply.code(201).send({ message: 'Channel created', channel });
    },
  );

  app.patch<{ Params: ChannelIdParams; Body: UpdateChannelBody }>(
    API_PATHS.channel,
    sessionRoute(
      context,
      'channels',
      "Publish the channel's signing keys in /.well-known/wm-keys.json (keys_public) and name them (signer_name)",
      { params: ChannelIdParams, body: UpdateChannelBody, response: { 200: ChannelResponse, ...errors(404) } },
    ),
    async (request) => {
      const { user } = sessionOf(request);
      const channel = await domain.channels.updatePublication(user.id, request.params.channelId, request.body);
      return { message: 'Channel updated', channel };
    },
  );

  app.post<{ Params: ChannelIdParams }>(
    API_PATHS.signingKeys,
    sessionRoute(
      context,
      'channels',
      'A new Ed25519 signing key for the channel: its first, or a rotation. The current key is retired and stays ' +
        'listed and published, so marks it made keep verifying; the private key is never returned',
      { params: ChannelIdParams, response: { 201: ChannelResponse, ...errors(404) } },
    ),
    async (request, reply) => {
      const channel = await domain.channels.addSigningKey(sessionOf(request).user.id, request.params.channelId);
      const rotated = channel.signing_keys.length > 1;
      return reply.code(201).send({ message: rotated ? 'Signing key rotated' : 'Signing key created', channel });
    },
  );

  app.delete<{ Params: SigningKeyParams }>(
    API_PATHS.signingKey,
    sessionRoute(
      context,
      'channels',
      'Withdraw a retired signing key that leaked: it leaves /.well-known/wm-keys.json and marks it signed no ' +
        'longer verify here. 409 for the current key (rotate first)',
      { params: SigningKeyParams, response: { 200: ChannelResponse, ...errors(404, 409) } },
    ),
    async (request) => {
      const { channelId, keyId } = request.params;
      const channel = await domain.channels.withdrawSigningKey(sessionOf(request).user.id, channelId, keyId);
      return { message: 'Signing key withdrawn', channel };
    },
  );

  app.get(
    API_PATHS.channels,
    sessionRoute(context, 'channels', 'Your channels', { response: { 200: ChannelList } }),
    async (request) => ({ channels: await domain.channels.list(sessionOf(request).user.id) }),
  );

  app.delete<{ Params: ChannelIdParams }>(
    API_PATHS.channel,
    sessionRoute(context, 'channels', 'Deactivate a channel: its key is kept and bound tokens keep working', {
      params: ChannelIdParams,
      response: { 200: DeactivateChannelResponse, ...errors(404) },
    }),
    async (request) => {
      const channel = await domain.channels.deactivate(sessionOf(request).user.id, request.params.channelId);
      return { message: 'Channel deactivated', channel };
    },
  );
}
