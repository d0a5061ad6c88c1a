import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  type SignedInUser,
  type TestServer,
} from './harness.js';

/**
 * POST /api/v2/tokens/{tokenId}/watermark/{operation}: the dashboard's checker runs an operation with the session,
 * as one of the account's tokens, without ever holding the token's secret.
 */

const CARRIER = 'The quick brown fox jumps over the lazy dog while the cat sleeps in the warm afternoon sun.';

let server: TestServer;
let user: SignedInUser;
beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server, { plan: 'starter' });
});
afterEach(async () => {
  await server.close();
});

const asToken = (tokenId: string, operation: string, payload: object, accessToken = user.accessToken) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v2/tokens/${encodeURIComponent(tokenId)}/watermark/${operation}`,
    payload,
    headers: bearer(accessToken),
  });

describe('an operation as one of your tokens, with the session', () => {
  it('answers as the token would, charged and recorded as that token', async () => {
    const { id, token } = await createApiToken(server, user, { name: 'laptop' });
    const encoded = await asToken(id, 'encode', { text: CARRIER, secret: 'ID-42' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toMatchObject({ keyed: false, stats: { secretLength: 5 } });
    const decoded = await server.app.inject({
      method: 'POST',
      url: '/api/watermark/decode',
      payload: { text: encoded.json().encoded },
      headers: bearer(token),
    });
    expect(decoded.json().decoded).toBe('ID-42');
    for (const operation of ['decode-robust', 'analyze', 'encode-robust']) {
      const body = operation === 'analyze' ? { encoded: CARRIER } : { text: CARRIER, secret: 'x' };
      const answer = await asToken(id, operation, operation === 'decode-robust' ? { text: CARRIER } : body);
      expect(answer.statusCode, operation).toBe(200);
    }
    // a robust decode that finds nothing is answered (is_encoded false) but not charged, as with the API token
    const usage = await server.app.inject({ url: '/api/v2/credits/usage', headers: bearer(user.accessToken) });
    const records = usage.json().usage as { operation: string; token_id: string | null }[];
    expect(records.filter((record) => record.token_id === id).map((record) => record.operation)).toEqual([
      'encode-robust',
      'analyze',
      'decode',
      'encode',
    ]);
    const tokens = await server.app.inject({ url: '/api/v2/tokens', headers: bearer(user.accessToken) });
    expect(tokens.json()[0].last_used_at).not.toBeNull();
  });

  it("uses the token's channel key and permissions", async () => {
    const channel = await createChannel(server, user, 'press');
    const keyed = await createApiToken(server, user, { signing_channel_id: channel, permissions: ['encode'] });
    const reader = await createApiToken(server, user, { signing_channel_id: channel, permissions: ['decode'] });
    const encoded = await asToken(keyed.id, 'encode', { text: CARRIER, secret: 'keyed one' });
    expect(encoded.json().keyed).toBe(true);
    const decoded = await asToken(reader.id, 'decode', { text: encoded.json().encoded });
    expect(decoded.json()).toMatchObject({ decoded: 'keyed one', keyed: true });
    const refused = await asToken(keyed.id, 'decode', { text: encoded.json().encoded });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual({ required: 'decode' });
  });

  it("404 for another account's or an unknown token (never 401: the session is fine); 401 without one", async () => {
    const other = await signUp(server);
    const theirs = await createApiToken(server, other);
    for (const tokenId of [theirs.id, 'tok_nothing', (await createApiToken(server, user)).id]) {
      if (tokenId !== theirs.id && tokenId !== 'tok_nothing') {
        await server.app.inject({
          method: 'DELETE',
          url: `/api/v2/tokens/${tokenId}`,
          headers: bearer(user.accessToken),
        });
      }
      const answer = await asToken(tokenId, 'encode', { text: CARRIER, secret: 's' });
      expect(answer.statusCode, tokenId).toBe(404);
      expect(answer.json().details).toEqual({ tokenId: 'not found' });
    }
    const mine = await createApiToken(server, user);
    // an API token is no session
    expect((await asToken(mine.id, 'encode', { text: CARRIER, secret: 's' }, mine.token)).statusCode).toBe(401);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `/api/v2/tokens/${mine.id}/watermark/encode`,
      payload: { text: CARRIER, secret: 's' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the body like the API-token route', async () => {
    const { id } = await createApiToken(server, user);
    const answer = await asToken(id, 'encode', { text: CARRIER });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().details)).toEqual(['secret']);
  });
});
