import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { documented } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

/** How long verifiers and proxies may reuse the key set: a key added or published shows within this many seconds. */
export const KEY_SET_MAX_AGE_SECONDS = 300;

const PublishedKey = Type.Object({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String({ description: 'the raw public key, base64url' }),
  kid: Type.String({ description: 'the key id signed marks name (16 hex digits)' }),
  alg: Type.Literal('EdDSA'),
  use: Type.Literal('sig'),
  name: Type.String({ description: "the signer's name, as its owner published it: no two channels hold like names" }),
  account: Type.Optional(Type.String({ description: 'the username of the account the key belongs to' })),
  created: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  retired: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when a newer key replaced it; retired keys stay so that older marks still verify',
  }),
});

const KeySet = Type.Object(
  {
    issuer: Type.Optional(Type.String({ description: 'whose set it is: the public URL of the server' })),
    keys: Type.Array(PublishedKey),
  },
  {
    description: 'a JSON Web Key Set (RFC 7517, OKP keys of RFC 8037) with names and dates: what wm keys export writes',
  },
);

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((given) => given.trim().replace(/^W\//, '') === etag);

/**
 * The public key set, for anyone: `wm verify --keys wm-keys.json` checks signed marks with it offline. No
 * credential, cacheable, and readable by pages of other sites (it holds public keys only).
 */
export function wellKnownRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get(
    API_PATHS.keySet,
    {
      schema: documented(
        'channels',
        'The public signing keys of the channels whose owners published them, retired ones included (no credential)',
        { response: { 200: KeySet, 304: { type: 'null', description: 'Not Modified (If-None-Match)' } } },
      ),
    },
    async (request, reply) => {
      const body = JSON.stringify(await context.domain.publicKeys.keySet(context.publicUrl()));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      reply
        .header('cache-control', `public, max-age=${KEY_SET_MAX_AGE_SECONDS}`)
        .header('etag', etag)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
