import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../../src/store/postgres/migrations.js';

/** Debian's PostgreSQL server programs (package `postgresql`); WM_TEST_POSTGRES_BIN names another folder. */
export const POSTGRES_BIN = process.env.WM_TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export const postgresInstalled = () =>
  existsSync(join(POSTGRES_BIN, 'initdb')) && existsSync(join(POSTGRES_BIN, 'pg_ctl'));

/** A PostgreSQL server of its own in a temporary folder, on a free loopback port; superuser `postgres`, trust. */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** a URL of the same server naming another database */
  urlOf(database: string): string;
  /** `pg_ctl restart` (`-m fast`: open connections are ended) */
  restart(): void;
  stop(): void;
  start(): void;
  /** stops the server and removes its folder */
  destroy(): void;
}

/** initdb and pg_ctl refuse to run as root: as root, they run as the `postgres` user on a folder it owns. */
function asOwner(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const run = spawnSync(file, argv, { encoding: 'utf8' });
  if (run.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${run.status}):\n${run.stdout}${run.stderr}`);
  return run;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `durable`: PostgreSQL's own durability with one change, `synchronous_commit = off` (a server crash may lose the
 * last few commits, never corrupts anything), the counterpart of SQLite's WAL with `synchronous = NORMAL` that the
 * SQLite adapter uses: what the benchmarks compare. Without it (the tests), nothing is flushed to disk at all.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'wm-postgres-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  asOwner(join(POSTGRES_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    '-c synchronous_commit=off',
    '-c max_connections=300',
    // a test server's data is thrown away anyway
    ...(options.durable ? [] : ['-c fsync=off', '-c full_page_writes=off']),
  ].join(' ');
  const pgCtl = (...args: string[]) => asOwner(join(POSTGRES_BIN, 'pg_ctl'), ['-D', data, '-w', ...args]);
  const start = () => void pgCtl('-o', settings, '-l', join(dir, 'log'), 'start');
  start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let destroyed = false;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    restart: () => void pgCtl('-m', 'fast', '-o', settings, '-l', join(dir, 'log'), 'restart'),
    stop: () => void pgCtl('-m', 'fast', 'stop'),
    start,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      spawnSync(asRoot ? 'runuser' : join(POSTGRES_BIN, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', join(POSTGRES_BIN, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates the database `name` on the cluster with every migration applied; its URL. */
export async function createMigratedDatabase(cluster: Cluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: cluster.urlOf(name), max: 1 });
  try {
    await applyMigrations(pool);
  } finally {
    await pool.end();
  }
  return cluster.urlOf(name);
}
