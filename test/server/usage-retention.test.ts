import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRetention } from '../../src/domain/index.js';
import {
  PASSWORD,
  bearer,
  createApiToken,
  encodeOnce,
  makeServer,
  signUp,
  type SignedInUser,
  type TestServer,
} from './harness.js';

let server: TestServer;
let user: SignedInUser;
beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server);
});
afterEach(async () => {
  await server.close();
});

const get = (url: string) => server.app.inject({ url, headers: bearer(user.accessToken) });

describe('the usage history after retention', () => {
  it('says how far back it goes; balances and quotas are those from before', async () => {
    const { token } = await createApiToken(server, user);
    await encodeOnce(server, token);
    await encodeOnce(server, token);
    server.fixture.clock.advance(100 * 24 * 3600);
    await encodeOnce(server, token);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    user = { ...user, accessToken: login.json().accessToken };
    const before = {
      balance: (await get('/api/v2/credits/balance')).json(),
      me: (await get('/api/v2/users/me')).json(),
    };
    expect((await get('/api/v2/credits/usage')).json()).toMatchObject({ next_before: null, pruned_before: null });
    expect((await get('/api/v2/credits/usage')).json().usage).toHaveLength(4);

    const { cutoff } = await server.fixture.domain.admin.pruneUsage(parseRetention('30d', 'x'));
    const page = (await get('/api/v2/credits/usage')).json();
    expect(page.usage).toHaveLength(1);
    expect(page.usage[0]).toMatchObject({ operation: 'encode', balance_after: 97 });
    expect(page.pruned_before).toBe(new Date(cutoff).toISOString());
    expect((await get('/api/v2/credits/usage/daily?days=2')).json().pruned_before).toBe(page.pruned_before);
    expect((await get('/api/v2/credits/balance')).json()).toEqual(before.balance);
    expect((await get('/api/v2/users/me')).json()).toEqual(before.me);
  });

  it('documents the field in the OpenAPI document', async () => {
    const doc = (await server.app.inject({ url: '/openapi.json' })).json();
    const page = doc.paths['/api/v2/credits/usage'].get.responses['200'].content['application/json'].schema;
    expect(page.required).toEqual(expect.arrayContaining(['usage', 'next_before', 'pruned_before']));
    expect(page.properties.pruned_before.description).toContain('retention');
  });
});
