import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { MEMO } from '../domain/copies/texts.js';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  type SignedInUser,
  type TestServer,
} from './harness.js';

let server: TestServer;
let user: SignedInUser;
let token: string;
let tokenId: string;

beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server, { plan: 'starter' });
  const channel = await createChannel(server, user, 'memos');
  ({ token, id: tokenId } = await createApiToken(server, user, { signing_channel_id: channel }));
});
afterEach(() => server.close());

const post = (url: string, payload: object, headers = bearer(token)) =>
  server.app.inject({ method: 'POST', url, payload, headers });

describe('POST /api/v2/copies, /api/v2/copies/trace, GET /api/v2/copies', () => {
  it('issues copies, traces one back, lists them', async () => {
    const issued = await post('/api/v2/copies', { text: MEMO, recipients: ['alice', 'bob'], name: 'memo.txt' });
    expect(issued.statusCode, issued.body).toBe(200);
    // written a copy at a time, never as one string: no length known in advance
    expect(issued.headers['content-length']).toBeUndefined();
    expect(issued.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = issued.json();
    expect(body.copies.map((copy: { recipient: string }) => copy.recipient)).toEqual(['alice', 'bob']);
    const traced = await post('/api/v2/copies/trace', { text: body.copies[1].text });
    expect(traced.json()).toMatchObject({ verdict: 'recipient', recipients: [{ recipient: 'bob' }] });
    const stripped = await post('/api/v2/copies/trace', { text: strip(body.copies[1].text, { all: true }) });
    expect(stripped.json()).toMatchObject({ verdict: 'document', recipients: [], documents: [{ recipient: null }] });
    const list = await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) });
    expect(list.json().documents).toMatchObject([{ name: 'memo.txt', copies: 2 }]);
    const one = await server.app.inject({
      url: `/api/v2/copies?document_id=${body.document.id}`,
      headers: bearer(token),
    });
    expect(one.json().documents[0].recipients).toHaveLength(2);
  });

  it('with the session, as one of the account’s tokens (the dashboard’s Copies page)', async () => {
    const session = bearer(user.accessToken);
    const issued = await post(`/api/v2/tokens/${tokenId}/copies`, { text: MEMO, recipients: ['carol'] }, session);
    expect(issued.statusCode, issued.body).toBe(200);
    const traced = await post(
      `/api/v2/tokens/${tokenId}/copies/trace`,
      { text: issued.json().copies[0].text },
      session,
    );
    expect(traced.json().recipients[0].recipient).toBe('carol');
    const other = await signUp(server);
    const refused = await post(`/api/v2/tokens/${tokenId}/copies/trace`, { text: MEMO }, bearer(other.accessToken));
    expect(refused.statusCode).toBe(404);
  });

  it('refuses bad input with the error shape, charging nothing', async () => {
    const before = (
      await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(user.accessToken) })
    ).json().balance;
    for (const payload of [
      { text: MEMO, recipients: [] },
      { text: MEMO, recipients: ['a', 'a'] },
      { text: '', recipients: ['a'] },
      { text: MEMO },
    ]) {
      const response = await post('/api/v2/copies', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect((await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) })).json().documents).toEqual([]);
    const after = (
      await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(user.accessToken) })
    ).json().balance;
    expect(after).toBe(before);
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await server.app.inject({ url: '/openapi.json' })).json().paths;
    expect(Object.keys(paths['/api/v2/copies']).sort()).toEqual(['get', 'post']);
    expect(paths['/api/v2/copies/trace'].post.requestBody).toBeDefined();
  });
});
