import { join } from 'node:path';
import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { afterAll, expect, it } from 'vitest';
import { balanceOf, usageOf } from '../reliability/credit-race.js';
import { CARRIER, startLiveServer, type LiveServer } from '../reliability/live-server.js';

const GRANT = 100_000;
const WORKERS = 24;
const LOAD_MS = 2_500;

let server: LiveServer | undefined;
afterAll(async () => server?.stop());

type Outcome = 'ok' | 'refused' | 'lost';

it('kill -9 during encodes and account writes: database intact, every answered charge kept, none twice', async () => {
  server = await startLiveServer({ WM_FREE_CREDITS: String(GRANT) });
  const live = server;
  const account = await live.signUp('crash@example.com', { plan: 'pro' });
  const auth = `Bearer ${account.accessToken}`;
  const { token } = await live.apiToken(account);

  const encodes: Outcome[] = [];
  const tokenCreations: Outcome[] = [];
  const profileNames: { name: string; outcome: Outcome }[] = [];
  const outcome = async (request: Promise<{ status: number }>): Promise<Outcome> => {
    try {
      const { status } = await request;
      return status === 200 || status === 201 ? 'ok' : 'refused';
    } catch {
      return 'lost';
    }
  };

  let killed = false;
  const worker = async (id: number) => {
    for (let round = 0; !killed; round += 1) {
      const kind = round % 4;
      if (kind === 3) {
        tokenCreations.push(
          await outcome(
            live.api('POST', '/api/v2/tokens', { auth, body: { name: `w${id}-${round}`, permissions: ['decode'] } }),
          ),
        );
      } else if (kind === 2) {
        const name = `w${id}-${round}`;
        profileNames.push({
          name,
          outcome: await outcome(live.api('PUT', '/api/v2/users/me', { auth, body: { firstName: name } })),
        });
      } else {
        encodes.push(
          await outcome(
            live.api('POST', '/api/watermark/encode', {
              auth: `Bearer ${token}`,
              body: { text: CARRIER, secret: `${id}-${round}` },
            }),
          ),
        );
      }
    }
  };
  const load = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  live.serve.child.kill('SIGKILL');
  killed = true;
  await load;

  const count = (outcomes: Outcome[], wanted: Outcome) => outcomes.filter((o) => o === wanted).length;
  const answeredCharges = count(encodes, 'ok');
  const lostCharges = count(encodes, 'lost');
  expect(answeredCharges).toBeGreaterThan(50);
  expect(count(encodes, 'refused')).toBe(0);

  await live.restart();
  const db = new SqliteDriver(join(live.home, 'wm.db'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
  } finally {
    db.close();
  }

  // the access token outlives the crash (same master key)
  const usage = await usageOf(live, account);
  const charges = usage.filter((record) => record.operation === 'encode');
  // every answered charge is recorded; at most the requests cut off by the kill were committed unanswered
  expect(charges.length).toBeGreaterThanOrEqual(answeredCharges);
  expect(charges.length).toBeLessThanOrEqual(answeredCharges + lostCharges);
  // one row per charge, none twice: balances after each charge are exactly GRANT-1 … GRANT-n
  expect(charges.map((record) => record.balance_after).sort((a, b) => b - a)).toEqual(
    Array.from({ length: charges.length }, (_, index) => GRANT - 1 - index),
  );
  // no charge without a row
  expect(await balanceOf(live, account)).toBe(GRANT - charges.length);

  const tokens = (await live.api('GET', '/api/v2/tokens', { auth })).json as unknown[];
  const createdTokens = tokens.length - 1;
  expect(createdTokens).toBeGreaterThanOrEqual(count(tokenCreations, 'ok'));
  expect(createdTokens).toBeLessThanOrEqual(count(tokenCreations, 'ok') + count(tokenCreations, 'lost'));

  const firstName = (await live.api('GET', '/api/v2/users/me', { auth })).json.user.firstName;
  const written = profileNames.filter((entry) => entry.outcome !== 'refused').map((entry) => entry.name);
  expect(written).toContain(firstName);

  // and the restarted server works
  const after = await live.api('POST', '/api/watermark/encode', {
    auth: `Bearer ${token}`,
    body: { text: CARRIER, secret: 'after' },
  });
  expect(after.status).toBe(200);
  console.log(
    `crash: ${answeredCharges} answered + ${lostCharges} cut-off encodes → ${charges.length} charges recorded; ` +
      `${count(tokenCreations, 'ok')} answered + ${count(tokenCreations, 'lost')} cut-off token creations → ` +
      `${createdTokens} tokens`,
  );
});
