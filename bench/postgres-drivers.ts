import { join } from 'node:path';
import pg from 'pg';
import postgres from 'postgres';
import { applyMigrations } from '../src/store/postgres/migrations.js';
import { startCluster, type Cluster } from '../test/postgres/cluster.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { ROOT } from './processes.js';

/*
 * The choice of PostgreSQL driver (pg or postgres.js), measured on the watermark path's SQL: clients that each read
 * their caller (the token, its account and counter) and then wait for a group commit, which one at a time runs the
 * adapter's statements for the turn's charges: BEGIN, per account SAVEPOINT, the row lock, the counter, the
 * one-statement record, RELEASE, then the token's last use and COMMIT. Each driver gets its best use: pg with named
 * prepared statements, postgres.js with its automatic ones and pipelining (SAVEPOINT sent with the lock, unawaited).
 */

const CLIENTS = 50;
const ACCOUNTS = 3;
const DURATION_S = QUICK ? 2 : 4;
const ROUNDS = QUICK ? 1 : 9;
const PERIOD = 0;

const CALLER = `SELECT t.id AS "tokenId", u.id AS "userId", u.balance, c.requests_made AS "requestsMade"
  FROM api_tokens t JOIN users u ON u.id = t.user_id
  LEFT JOIN usage_counters c ON c.user_id = t.user_id AND c.period_start = $2 WHERE t.token_hash = $1`;
const LOCK = 'SELECT balance FROM users WHERE id = $1 FOR UPDATE';
const COUNTER = 'SELECT requests_made FROM usage_counters WHERE user_id = $1 AND period_start = $2';
const RECORD = `WITH ledger AS (
    INSERT INTO credit_ledger (user_id, operation, credits, balance_after, token_id, created_at)
    SELECT $1, e.operation, e.credits, e.balance_after, e.token_id, e.created_at
    FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[])
      WITH ORDINALITY AS e(operation, credits, balance_after, token_id, created_at, n) ORDER BY e.n
  ), debit AS (UPDATE users SET balance = balance - $7 WHERE id = $1)
  INSERT INTO usage_counters (user_id, period_start, requests_made) VALUES ($1, $8, $9)
  ON CONFLICT (user_id, period_start)
  DO UPDATE SET requests_made = usage_counters.requests_made + EXCLUDED.requests_made`;
const MARK = `UPDATE api_tokens SET last_used_at = $2
  WHERE id IN (SELECT id FROM api_tokens WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE)`;

interface Use {
  userId: string;
  tokenId: string;
}
interface Driver {
  caller(hash: string): Promise<Use>;
  /** one unit of work for the turn's uses, grouped by account */
  commit(accounts: [string, Use[]][], tokens: string[]): Promise<void>;
  end(): Promise<void>;
}

const recordValues = (userId: string, uses: Use[], balance: number) => [
  userId,
  uses.map(() => 'encode'),
  uses.map(() => -1),
  uses.map((_, i) => balance - i - 1),
  uses.map((use) => use.tokenId),
  uses.map(() => Date.now()),
  uses.length,
  PERIOD,
  uses.length,
];

function viaPg(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  type Client = pg.Pool | pg.PoolClient;
  const run = async (client: Client, name: string, text: string, values: unknown[]) =>
    (await client.query({ name, text, values })).rows as Record<string, unknown>[];
  return {
    caller: async (hash) => (await run(pool, 'caller', CALLER, [hash, PERIOD]))[0] as unknown as Use,
    async commit(accounts, tokens) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
        for (const [userId, uses] of accounts) {
          await client.query('SAVEPOINT s');
          const [account] = await run(client, 'lock', LOCK, [userId]);
          await run(client, 'counter', COUNTER, [userId, PERIOD]);
          await run(client, 'record', RECORD, recordValues(userId, uses, Number(account.balance)));
          await client.query('RELEASE s');
        }
        await run(client, 'mark', MARK, [tokens, Date.now()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    end: () => pool.end(),
  };
}

function viaPostgresJs(url: string): Driver {
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  const run = (client: Pick<postgres.Sql, 'unsafe'>, text: string, values: unknown[]) =>
    client.unsafe(text, values as postgres.ParameterOrJSON<never>[], { prepare: true });
  return {
    caller: async (hash) => (await run(sql, CALLER, [hash, PERIOD]))[0] as unknown as Use,
    async commit(accounts, tokens) {
      await sql.begin('isolation level read committed', async (tx) => {
        for (const [userId, uses] of accounts) {
          // pipelined: the SAVEPOINT goes out with the lock, in one round trip
          const savepoint = tx.unsafe('SAVEPOINT s');
          const lock = run(tx, LOCK, [userId]);
          await savepoint;
          const [account] = await lock;
          await run(tx, COUNTER, [userId, PERIOD]);
          await run(tx, RECORD, recordValues(userId, uses, Number(account.balance)));
          await tx.unsafe('RELEASE s');
        }
        await run(tx, MARK, [tokens, Date.now()]);
      });
    },
    end: () => sql.end(),
  };
}

/** The group commit of src/store/group-commit.ts, reduced to this loop: one batch in flight at a time. */
function groupCommit(driver: Driver) {
  let queue: { use: Use; done: (error?: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const byAccount = new Map<string, Use[]>();
      for (const { use } of batch) byAccount.set(use.userId, [...(byAccount.get(use.userId) ?? []), use]);
      const tokens = [...new Set(batch.map(({ use }) => use.tokenId))];
      const accounts = [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1));
      let failure: unknown;
      await driver.commit(accounts, tokens).catch((error: unknown) => (failure = error));
      for (const pending of batch) pending.done(failure);
    }
    flushing = false;
  };
  return (use: Use) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ use, done: (error) => (error === undefined ? resolve() : reject(error as Error)) });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}

async function measure(driver: Driver): Promise<{ perSecond: number; p99Ms: number }> {
  const submit = groupCommit(driver);
  const latencies: number[] = [];
  const until = Date.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (Date.now() < until) {
        const started = performance.now();
        await submit(await driver.caller(`hash${client % ACCOUNTS}`));
        latencies.push(performance.now() - started);
      }
    }),
  );
  await driver.end();
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / DURATION_S, p99Ms: latencies[Math.floor(latencies.length * 0.99)] };
}

async function seed(cluster: Cluster): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE drivers');
  await admin.end();
  const url = cluster.urlOf('drivers');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await applyMigrations(pool, join(ROOT, 'drizzle-postgres'));
  for (let n = 0; n < ACCOUNTS; n++) {
    await pool.query(
      `INSERT INTO users (id, email, username, password_hash, plan, balance, created_at, updated_at)
       VALUES ($1, $1 || '@bench.example', $1, 'x', 'pro', 1000000000, 0, 0)`,
      [`user${n}`],
    );
    await pool.query(
      `INSERT INTO api_tokens (id, user_id, name, token_hash, token_prefix, permissions, created_at)
       VALUES ($1, $2, 'bench', $3, 'wm_', 'encode,decode', 0)`,
      [`token${n}`, `user${n}`, `hash${n}`],
    );
  }
  await pool.end();
  return url;
}

export interface DriverRow {
  driver: string;
  operationsPerSecond: number;
  p99Ms: number;
  /** median of per-round ratios: this driver ÷ pg */
  vsPg: number;
}

export async function measurePostgresDrivers(log: (line: string) => void): Promise<DriverRow[]> {
  const cluster = await startCluster({ durable: true });
  try {
    const url = await seed(cluster);
    const drivers = { pg: viaPg, 'postgres.js': viaPostgresJs };
    const figures: Record<string, { perSecond: number; p99Ms: number }[]> = { pg: [], 'postgres.js': [] };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['pg', 'postgres.js'] as const) : (['postgres.js', 'pg'] as const);
      for (const name of order) {
        log(`postgres-drivers: ${name}, round ${r + 1}/${ROUNDS} (${DURATION_S} s)…`);
        figures[name].push(await measure(drivers[name](url)));
      }
    }
    return Object.entries(figures).map(([driver, runs]) => ({
      driver,
      operationsPerSecond: round(median(runs.map((run) => run.perSecond)), 3),
      p99Ms: round(median(runs.map((run) => run.p99Ms)), 2),
      vsPg: round(
        medianRatio(
          runs.map((run) => run.perSecond),
          figures.pg.map((run) => run.perSecond),
        ),
      ),
    }));
  } finally {
    cluster.destroy();
  }
}
