import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import {
  C2paCertificateBody,
  C2paCertificateResponse,
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
import { HttpError } from '../http-error.js';

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

  app.put<{ Params: ChannelIdParams; Body: C2paCertificateBody }>(
    API_PATHS.c2paCertificate,
    sessionRoute(
      context,
      'channels',
      "Give the channel a C2PA signing certificate, replacing its own: made here (a root of the channel's own " +
        'issues it: readers see "signed, unknown signer" until they trust anchor_pem), or imported with ' +
        'private_key_pem and chain_pem from a CA. The private key is sealed at rest and never returned',
      {
        params: ChannelIdParams,
        body: C2paCertificateBody,
        response: { 201: C2paCertificateResponse, ...errors(400, 404) },
      },
    ),
    async (request, reply) => {
      const { private_key_pem, chain_pem, ...make } = request.body;
      if ((private_key_pem === undefined) !== (chain_pem === undefined)) {
        const missing = private_key_pem === undefined ? 'private_key_pem' : 'chain_pem';
        throw new HttpError(400, 'An imported certificate needs private_key_pem and chain_pem', {
          details: { [missing]: 'is required with the other PEM field' },
        });
      }
      const certificate = await domain.channels.setC2paCertificate(
        sessionOf(request).user.id,
        request.params.channelId,
        private_key_pem !== undefined && chain_pem !== undefined
          ? { import: { private_key_pem, chain_pem } }
          : { make },
      );
      return reply.code(201).send({ message: `C2PA certificate ${certificate.origin}`, certificate });
    },
  );

  app.get<{ Params: ChannelIdParams }>(
    API_PATHS.c2paCertificate,
    sessionRoute(context, 'channels', "The channel's C2PA signing certificate (public parts); 404 when it has none", {
      params: ChannelIdParams,
      response: { 200: C2paCertificateResponse, ...errors(404) },
    }),
    async (request) => {
      const { channelId } = request.params;
      const certificate = await domain.channels.c2paCertificate(sessionOf(request).user.id, channelId);
      return { message: 'C2PA certificate', certificate };
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
