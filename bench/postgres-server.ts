import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from '../test/postgres/cluster.js';
import { carrierOf } from './carriers.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { WM, createAccount, node, scratchDir } from './processes.js';
import { load, startServer, stop, type Load } from './server.js';

/*
 * `wm serve` on PostgreSQL beside `wm serve` on SQLite, same machine, same run: the watermark encode endpoint's
 * req/s on each (rounds interleaved, order rotated, median of per-round ratios), the p99 at 50 connections, and
 * two instances on one PostgreSQL database against one. PostgreSQL runs on the same two cores, with
 * synchronous_commit = off (SQLite's adapter uses synchronous = NORMAL: both survive a process crash, either may
 * lose its last commits to a power loss).
 */

const DURATION_S = QUICK ? 2 : 10;
const ROUNDS = QUICK ? 1 : 3;
const WARM_UP_S = QUICK ? 1 : 3;
const CONNECTIONS = 50;
const ACCOUNTS_PER_LOAD = 3;

export interface PostgresServerRow {
  sqliteRequestsPerSecond: number;
  sqliteP99Ms: number;
  postgresRequestsPerSecond: number;
  postgresP99Ms: number;
  /** median of per-round PostgreSQL ÷ SQLite req/s (budget ≥ 0.5) */
  postgresVsSqlite: number;
  /** two instances on one database, 25 connections each, req/s in all */
  twoInstancesRequestsPerSecond: number;
  twoInstancesP99Ms: number;
  /** median of per-round two instances ÷ one */
  twoVsOne: number;
}

export async function measurePostgresServer(log: (line: string) => void): Promise<PostgresServerRow> {
  const cluster = await startCluster({ durable: true });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE wm_bench');
    await admin.end();
    const database = { url: cluster.urlOf('wm_bench'), masterKey: randomBytes(32).toString('hex') };
    const postgresEnv = { WM_DATABASE_URL: database.url, WM_MASTER_KEY: database.masterKey };
    node([WM, 'db', 'migrate'], { env: { ...process.env, ...postgresEnv } });
    const scratch = scratchDir();
    const sqliteHome = join(scratch, 'sqlite');

    let accounts = 0;
    /** the token headers of a load: fresh pro accounts (100,000 operations a month each) */
    const tokens = (postgres: boolean) =>
      Array.from({ length: ACCOUNTS_PER_LOAD }, () => {
        const account = createAccount(sqliteHome, `load${++accounts}`, postgres ? database : undefined);
        return { authorization: `Token ${account.token}` };
      });
    const carrier = carrierOf('prose', 1000);
    const encode = (postgres: boolean): Load => ({
      method: 'POST',
      path: '/api/watermark/encode',
      headers: tokens(postgres),
      body: JSON.stringify({ text: carrier, secret: 'bench secret' }),
    });

    tokens(false); // creates the SQLite data folder before its server starts
    const env = { WM_AUTH_RATE_LIMIT: '1000000' };
    const sqlite = await startServer([WM, 'serve', '--home', sqliteHome, '--port', '0'], env);
    servers.push(sqlite);
    const instances = await Promise.all(
      ['a', 'b'].map((name) =>
        startServer([WM, 'serve', '--home', join(scratch, name), '--port', '0'], { ...env, ...postgresEnv }),
      ),
    );
    servers.push(...instances);

    log(`postgres-server: warming up, ${WARM_UP_S} s each…`);
    await load(sqlite.url, encode(false), CONNECTIONS, WARM_UP_S);
    for (const instance of instances) await load(instance.url, encode(true), CONNECTIONS, WARM_UP_S);

    const runs = { sqlite: [] as Run[], one: [] as Run[], two: [] as Run[] };
    type Case = keyof typeof runs;
    const cases: Record<Case, () => Promise<Run>> = {
      sqlite: () => load(sqlite.url, encode(false)),
      one: () => load(instances[0].url, encode(true)),
      two: async () => {
        const target = encode(true);
        const both = await Promise.all(instances.map((i) => load(i.url, target, CONNECTIONS / 2, DURATION_S)));
        return {
          requestsPerSecond: both[0].requestsPerSecond + both[1].requestsPerSecond,
          p99Ms: Math.max(both[0].p99Ms, both[1].p99Ms),
        };
      },
    };
    const order: Case[] = ['sqlite', 'one', 'two'];
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < order.length; k++) {
        const name = order[(k + r) % order.length];
        log(`postgres-server: ${name}, round ${r + 1}/${ROUNDS} (${DURATION_S} s)…`);
        runs[name].push(await cases[name]());
      }
    }
    const rps = (name: Case) => runs[name].map((run) => run.requestsPerSecond);
    return {
      sqliteRequestsPerSecond: round(median(rps('sqlite')), 3),
      sqliteP99Ms: median(runs.sqlite.map((run) => run.p99Ms)),
      postgresRequestsPerSecond: round(median(rps('one')), 3),
      postgresP99Ms: median(runs.one.map((run) => run.p99Ms)),
      postgresVsSqlite: round(medianRatio(rps('one'), rps('sqlite'))),
      twoInstancesRequestsPerSecond: round(median(rps('two')), 3),
      twoInstancesP99Ms: median(runs.two.map((run) => run.p99Ms)),
      twoVsOne: round(medianRatio(rps('two'), rps('one'))),
    };
  } finally {
    await Promise.all(servers.map((server) => stop(server)));
    cluster.destroy();
  }
}

interface Run {
  requestsPerSecond: number;
  p99Ms: number;
}
