import { expect } from 'vitest';
import { CARRIER, startLiveServer, type Account, type LiveServer } from './live-server.js';

export interface UsageRecord {
  id: string;
  operation: string;
  credits: number;
  balance_after: number;
  token_id: string | null;
}

/** Every usage record of the account, newest first, following `next_before`. */
export async function usageOf(server: LiveServer, account: Account): Promise<UsageRecord[]> {
  const records: UsageRecord[] = [];
  let before: string | null = null;
  do {
    const page = await server.api(
      'GET',
      `/api/v2/credits/usage?limit=500${before === null ? '' : `&before=${before}`}`,
      {
        auth: `Bearer ${account.accessToken}`,
      },
    );
    expect(page.status).toBe(200);
    records.push(...page.json.usage);
    before = page.json.next_before;
  } while (before !== null);
  return records;
}

export async function balanceOf(server: LiveServer, account: Account): Promise<number> {
  const answer = await server.api('GET', '/api/v2/credits/balance', { auth: `Bearer ${account.accessToken}` });
  expect(answer.status).toBe(200);
  return answer.json.balance;
}

/**
 * `requests` encodes fired at once through real HTTP at an account holding `balance` credits (cost 1): exactly
 * `balance` succeed, the rest are 402, the balance ends at 0 and the usage history shows one charge per success.
 */
export async function raceEncodes(requests: number, balance: number): Promise<void> {
  const server = await startLiveServer({ WM_FREE_CREDITS: String(balance), WM_CREDIT_COST: '1' });
  try {
    const account = await server.signUp('racer@example.com');
    const { token, id } = await server.apiToken(account);
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, index) =>
        server.api('POST', '/api/watermark/encode', {
          auth: `Bearer ${token}`,
          body: { text: CARRIER, secret: `n${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(balance);
    expect(statuses.filter((status) => status === 402)).toHaveLength(requests - balance);
    for (const refused of answers.filter((answer) => answer.status === 402)) {
      expect(refused.json).toMatchObject({ error: 'Payment Required', balance: 0, checkout_url: expect.any(String) });
    }
    expect(await balanceOf(server, account)).toBe(0);

    const usage = await usageOf(server, account);
    const charges = usage.filter((record) => record.operation === 'encode');
    expect(charges).toHaveLength(balance);
    expect(charges.every((record) => record.credits === -1 && record.token_id === id)).toBe(true);
    // one charge per credit: balances after each charge are exactly balance-1 … 0, none repeated
    expect(charges.map((record) => record.balance_after).sort((a, b) => a - b)).toEqual(
      Array.from({ length: balance }, (_, index) => index),
    );
    expect(usage.reduce((sum, record) => sum + record.credits, 0)).toBe(0);
    expect((await server.api('GET', '/healthz')).status).toBe(200);
  } finally {
    await server.stop();
  }
}
