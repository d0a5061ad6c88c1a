import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const daily = (query = '', who: SignedInUser | null = user) =>
  server.app.inject({ url: `/api/v2/credits/usage/daily${query}`, headers: who ? bearer(who.accessToken) : {} });

describe('GET /api/v2/credits/usage/daily', () => {
  it('counts operations and credits per UTC day, every day present, grants left out', async () => {
    const { token } = await createApiToken(server, user);
    // the test clock starts at 2025-03-10T12:00Z
    await encodeOnce(server, token);
    await encodeOnce(server, token);
    server.fixture.clock.advance(24 * 3600);
    await encodeOnce(server, token);
    await server.fixture.domain.admin.grantCredits(user.email, 50);
    // the access token of the day before has expired
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    user = { ...user, accessToken: login.json().accessToken };

    const response = await daily('?days=3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      days: [
        { date: '2025-03-09', operations: 0, credits: 0 },
        { date: '2025-03-10', operations: 2, credits: 2 },
        { date: '2025-03-11', operations: 1, credits: 1 },
      ],
      pruned_before: null,
    });
  });

  it('30 days by default; 400 outside 1..366; 401 without a session', async () => {
    const days = (await daily()).json().days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: '2025-03-10', operations: 0, credits: 0 });
    expect((await daily('?days=0')).statusCode).toBe(400);
    expect((await daily('?days=400')).statusCode).toBe(400);
    expect((await daily('', null)).statusCode).toBe(401);
  });
});
