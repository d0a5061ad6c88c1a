import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedDatabase,
  postgresInstalled,
  POSTGRES_BIN,
  startCluster,
  type Cluster,
} from '../postgres/cluster.js';
import { startInstances, tally, type Instances } from '../postgres/instances.js';

/**
 * Faults with several instances on PostgreSQL, each on a server of its own that the test may stop: an instance
 * killed under load, and the database restarted under load.
 */

if (!postgresInstalled()) console.warn(`PostgreSQL fault tests SKIPPED: no initdb/pg_ctl in ${POSTGRES_BIN}`);

const GRANT = 100_000;
const WORKERS = 24;

let cluster: Cluster;
let databases = 0;
beforeAll(async () => {
  if (postgresInstalled()) cluster = await startCluster();
});
afterAll(() => cluster?.destroy());

const freshDatabase = () => createMigratedDatabase(cluster, `faults${++databases}`);

type Outcome = { instance: number; status: number | 'lost' | 'hung'; at: number; ms: number; retryAfter?: string };

/** A charged analyze through instance `n`, its body read; rejects with a TimeoutError after `timeoutMs`. */
async function analyze(instances: Instances, n: number, token: string, timeoutMs: number): Promise<Response> {
  const response = await fetch(`${instances.serves[n].url}/api/watermark/analyze`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ encoded: 'plain text' }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  return response;
}

/** Workers charging through both instances in turn until `stop()`; a request unanswered in 10 s counts as hung. */
function chargeLoad(instances: Instances, token: string) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const started = Date.now();
  const worker = async (id: number) => {
    for (let round = 0; !stopped; round++) {
      const instance = (id + round) % 2;
      const sent = Date.now();
      try {
        const response = await analyze(instances, instance, token, 10_000);
        const retryAfter = response.headers.get('retry-after') ?? undefined;
        outcomes.push({ instance, status: response.status, at: sent - started, ms: Date.now() - sent, retryAfter });
      } catch (error) {
        const status = (error as Error).name === 'TimeoutError' ? 'hung' : 'lost';
        outcomes.push({ instance, status, at: sent - started, ms: Date.now() - sent });
        // a refused connection answers at once: do not spin on the dead instance
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
  return {
    outcomes,
    elapsed: () => Date.now() - started,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Balance and charges as the database holds them, through instance `n`. */
async function ledgerOf(instances: Instances, n: number, accessToken: string) {
  const auth = `Bearer ${accessToken}`;
  const balance = (await instances.api(n, 'GET', '/api/v2/credits/balance', { auth })).json as { balance: number };
  const charges: { balance_after: number }[] = [];
  let before: string | null = null;
  do {
    const query: string = `/api/v2/credits/usage?limit=500${before ? `&before=${before}` : ''}`;
    const page = (await instances.api(n, 'GET', query, { auth })).json as {
      usage: { credits: number; balance_after: number }[];
      next_before: string | null;
    };
    charges.push(...page.usage.filter((entry) => entry.credits < 0));
    before = page.next_before;
  } while (before);
  return { balance: balance.balance, charges };
}

/** Every charge took exactly one credit from what the one before it left: none lost, none twice. */
function expectContiguous(ledger: { balance: number; charges: { balance_after: number }[] }) {
  expect(ledger.balance).toBe(GRANT - ledger.charges.length);
  const after = ledger.charges.map((charge) => charge.balance_after).sort((a, b) => a - b);
  expect(after).toEqual(Array.from({ length: after.length }, (_, i) => ledger.balance + i));
}

describe.skipIf(!postgresInstalled())('faults with two instances on PostgreSQL', () => {
  it('kill -9 of one instance under load: no committed charge lost, none twice, the other keeps serving', async () => {
    const instances = await startInstances({
      count: 2,
      databaseUrl: await freshDatabase(),
      env: { WM_FREE_CREDITS: String(GRANT) },
    });
    try {
      const account = await instances.signUp('kill@example.com', '198.51.100.1');
      // the free plan's 1,000 operations a month would run out under this load
      expect(instances.wm('users', 'set-plan', account.email, 'pro').status).toBe(0);
      const { token } = await instances.apiToken(0, account);
      const load = chargeLoad(instances, token);
      await sleep(1_500);
      instances.serves[0].child.kill('SIGKILL');
      const killedAt = load.elapsed();
      await sleep(1_500);
      await load.stop();

      const statuses = tally(load.outcomes.map((outcome) => ({ status: outcome.status as number })));
      expect(Object.keys(statuses).sort()).toEqual(['200', 'lost']);
      const survivorAfterKill = load.outcomes.filter((o) => o.instance === 1 && o.at > killedAt + 200);
      expect(survivorAfterKill.length).toBeGreaterThan(0);
      expect(survivorAfterKill.every((o) => o.status === 200)).toBe(true);

      const ledger = await ledgerOf(instances, 1, account.accessToken);
      expectContiguous(ledger);
      const answered = statuses[200];
      // every answered charge is in the ledger; beyond those, only requests whose answer the kill swallowed
      expect(ledger.charges.length).toBeGreaterThanOrEqual(answered);
      expect(ledger.charges.length - answered).toBeLessThanOrEqual(
        load.outcomes.filter((o) => o.status === 'lost').length,
      );

      await instances.restart(0);
      const again = await instances.api(0, 'POST', '/api/watermark/analyze', {
        auth: `Token ${token}`,
        body: { encoded: 'x' },
      });
      expect(again.status).toBe(200);
    } finally {
      await instances.stop();
    }
  });

  it('an instance frozen mid-charge (SIGSTOP: a paused VM, a lost host) blocks the others for seconds', async () => {
    const databaseUrl = await freshDatabase();
    const instances = await startInstances({ count: 2, databaseUrl, env: { WM_FREE_CREDITS: String(GRANT) } });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const account = await instances.signUp('frozen@example.com', '198.51.100.3');
      expect(instances.wm('users', 'set-plan', account.email, 'pro').status).toBe(0);
      const { token } = await instances.apiToken(0, account);
      /** a charge through instance `n`: its status, or 0 when unanswered in 20 s */
      const charge = (n: number) =>
        analyze(instances, n, token, 20_000).then(
          (response) => ({ status: response.status }),
          () => ({ status: 0 }),
        );
      // freeze instance 0 while it holds the account's row lock in a charge's unit of work
      const frozen = instances.serves[0].child;
      let holding = false;
      /** the load's end: its requests to the frozen instance end by their own timeout */
      let loadStopped: Promise<void> | undefined;
      for (let attempt = 0; attempt < 50 && !holding; attempt++) {
        const load = chargeLoad(instances, token);
        await sleep(300);
        frozen.kill('SIGSTOP');
        await sleep(600);
        // only the frozen instance leaves a transaction idle this long (the other's last milliseconds)
        const idle = await admin.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = 'wm' AND state = 'idle in transaction'
             AND now() - state_change > interval '400 milliseconds'`,
        );
        holding = (idle.rowCount ?? 0) > 0;
        if (!holding) frozen.kill('SIGCONT');
        loadStopped = load.stop();
        if (!holding) await loadStopped;
      }
      expect(holding).toBe(true);
      const frozenAt = Date.now();
      // the other instance charges the same account: at first it waits for the lock, then it goes on by itself
      const answers: { status: number; at: number; ms: number }[] = [];
      while (Date.now() - frozenAt < 20_000 && answers.every((answer) => answer.status !== 0)) {
        const sent = Date.now();
        const answer = await charge(1);
        answers.push({ status: answer.status, at: sent - frozenAt, ms: Date.now() - sent });
      }
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      // no request waited for longer than the server lets a frozen transaction hold its locks, and a margin
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(15_000);
      expect(answers.filter((answer) => answer.at > 15_000).length).toBeGreaterThan(10);
      // thawed, the frozen instance finds its transaction ended (503 for what it held) and recovers by itself
      frozen.kill('SIGCONT');
      let recovered = false;
      for (let waited = 0; waited < 10_000 && !recovered; waited += 250) {
        const answer = await charge(0);
        expect([200, 503]).toContain(answer.status);
        recovered = answer.status === 200;
        if (!recovered) await sleep(250);
      }
      expect(recovered).toBe(true);
      await loadStopped;
      expectContiguous(await ledgerOf(instances, 1, account.accessToken));
    } finally {
      instances.serves[0].child.kill('SIGCONT');
      await admin.end();
      await instances.stop();
    }
  });

  it('a PostgreSQL restart under load: fast 503 with Retry-After, never 500 or a hang; both recover', async () => {
    const instances = await startInstances({
      count: 2,
      databaseUrl: await freshDatabase(),
      env: { WM_FREE_CREDITS: String(GRANT) },
    });
    try {
      const account = await instances.signUp('restart@example.com', '198.51.100.2');
      // the free plan's 1,000 operations a month would run out under this load
      expect(instances.wm('users', 'set-plan', account.email, 'pro').status).toBe(0);
      const { token } = await instances.apiToken(0, account);
      const load = chargeLoad(instances, token);
      await sleep(1_000);
      cluster.stop();
      const downAt = load.elapsed();
      await sleep(1_500);
      const duringOutage = await Promise.all([0, 1].map((n) => instances.api(n, 'GET', '/readyz')));
      const liveness = await Promise.all([0, 1].map((n) => instances.api(n, 'GET', '/healthz')));
      cluster.start();
      const upAt = load.elapsed();
      // back by themselves: both instances charge again within a few seconds
      const recovered = [false, false];
      for (let waited = 0; waited < 10_000 && !recovered.every(Boolean); waited += 250) {
        await sleep(250);
        for (const n of [0, 1]) {
          recovered[n] ||= load.outcomes.some((o) => o.instance === n && o.at > upAt && o.status === 200);
        }
      }
      // an outage ends once calls have worked for a second: a little more load, then one more call each
      await sleep(1_500);
      await load.stop();
      await Promise.all([0, 1].map((n) => instances.api(n, 'GET', '/readyz')));

      expect(duringOutage.map((answer) => answer.status)).toEqual([503, 503]);
      expect(duringOutage.every((answer) => answer.headers.get('retry-after') === '2')).toBe(true);
      expect(liveness.map((answer) => answer.status)).toEqual([200, 200]);
      expect(recovered).toEqual([true, true]);
      const statuses = tally(load.outcomes.map((outcome) => ({ status: outcome.status as number })));
      // only successes and 503s: never a 500, a lost connection or a hang
      expect(Object.keys(statuses).sort()).toEqual(['200', '503']);
      const refusals = load.outcomes.filter((o) => o.status === 503);
      expect(refusals.every((o) => o.retryAfter === '2')).toBe(true);
      // fast: a refusal while the database was down came at once, not after a timeout
      const whileDown = refusals.filter((o) => o.at > downAt + 100 && o.at < upAt - 100);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(Math.max(...whileDown.map((o) => o.ms))).toBeLessThan(1_000);
      expect((await Promise.all([0, 1].map((n) => instances.api(n, 'GET', '/readyz')))).map((a) => a.status)).toEqual([
        200, 200,
      ]);

      // one line when the database went away and one when it came back, however many requests failed between
      for (const serve of instances.serves) {
        expect(serve.output().match(/database unavailable/g)).toHaveLength(1);
        // the driver's reason, not a stack trace
        expect(serve.output()).toMatch(/"reason":"[^"]+","msg":"database unavailable/);
        expect(serve.output().match(/database available again/g)).toHaveLength(1);
      }
      const ledger = await ledgerOf(instances, 0, account.accessToken);
      expectContiguous(ledger);
      expect(ledger.charges.length).toBeGreaterThanOrEqual(statuses[200]);
    } finally {
      await instances.stop();
    }
  });
});
