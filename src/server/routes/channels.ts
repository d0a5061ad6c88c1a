import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../plugins/authentication.js';
import { SECURITY } from '../plugins/api-docs.js';
import {
  ChannelIdParams,
  ChannelList,
  CreateChannelBody,
  CreateChannelResponse,
  DeactivateChannelResponse,
} from '../schemas/channels.js';
import { errors } from '../schemas/common.js';

export function channelRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  const guarded = { onRequest: context.auth.requireSession };
  const security = [...SECURITY.session];

  app.post<{ Body: CreateChannelBody }>(
    '/api/v2/channels',
    {
      ...guarded,
      schema: {
        tags: ['channels'],
        summary: 'Create a signing channel (starter: 3 active, pro: 20, free: none); names are unique per account',
        security,
        body: CreateChannelBody,
        response: { 201: CreateChannelResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const channel = domain.channels.create(sessionOf(request).user.id, request.body.channel_name);
      return reply.code(201).send({ message: 'Signing channel created', channel });
    },
  );

  app.get(
    '/api/v2/channels',
    {
      ...guarded,
      schema: { tags: ['channels'], summary: 'Your signing channels', security, response: { 200: ChannelList, ...errors(401, 403) } },
    },
    async (request) => ({ channels: domain.channels.list(sessionOf(request).user.id) }),
  );

  app.delete<{ Params: ChannelIdParams }>(
    '/api/v2/channels/:channelId',
    {
      ...guarded,
      schema: {
        tags: ['channels'],
        summary: 'Deactivate a channel: its key is kept and bound tokens keep working',
        security,
        params: ChannelIdParams,
        response: { 200: DeactivateChannelResponse, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const channel = domain.channels.deactivate(sessionOf(request).user.id, request.params.channelId);
      return { message: 'Signing channel deactivated', channel };
    },
  );
}
