import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import {
  ChannelIdParams,
  ChannelList,
  CreateChannelBody,
  CreateChannelResponse,
  DeactivateChannelResponse,
} from '../schemas/channels.js';
import { errors } from '../schemas/common.js';
import { sessionRoute } from './route-options.js';

export function channelRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.post<{ Body: CreateChannelBody }>(
    '/api/v2/channels',
    sessionRoute(
      context,
      'channels',
      'Create a signing channel (starter: 3 active, pro: 20, free: none); names are unique per account',
      {
        body: CreateChannelBody,
        response: { 201: CreateChannelResponse, ...errors(409) },
      },
    ),
    async (request, reply) => {
      const channel = await domain.channels.create(sessionOf(request).user.id, request.body.channel_name);
      return reply.code(201).send({ message: 'Signing channel created', channel });
    },
  );

  app.get(
    '/api/v2/channels',
    sessionRoute(context, 'channels', 'Your signing channels', { response: { 200: ChannelList } }),
    async (request) => ({ channels: await domain.channels.list(sessionOf(request).user.id) }),
  );

  app.delete<{ Params: ChannelIdParams }>(
    '/api/v2/channels/:channelId',
    sessionRoute(context, 'channels', 'Deactivate a channel: its key is kept and bound tokens keep working', {
      params: ChannelIdParams,
      response: { 200: DeactivateChannelResponse, ...errors(404) },
    }),
    async (request) => {
      const channel = await domain.channels.deactivate(sessionOf(request).user.id, request.params.channelId);
      return { message: 'Signing channel deactivated', channel };
    },
  );
}
