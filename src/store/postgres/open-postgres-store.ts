import { c2paCertificateStatements } from './c2pa-certificates.js';
import pg from 'pg';
import { DatabaseUnavailableError, PendingMigrationsError } from '../database-failure.js';
import {
  UnsupportedByStoreError,
  type DatabaseEvents,
  type Repositories,
  type Store,
  type UnitOfWork,
} from '../port/index.js';
import { apiTokenStatements } from './api-tokens.js';
import { channelStatements } from './channels.js';
import { chargeStatements } from './charges.js';
import { copyStatements } from './copies.js';
import { PgConnection } from './connection.js';
import type { PgSession } from './database.js';
import { DEFAULT_POOL_SIZE, withoutPassword } from '../database-url.js';
import { describePostgres } from './describe.js';
import { ledgerStatements } from './ledger.js';
import { createPostgresLimiterState } from './limiter-state.js';
import { sqlState } from './errors.js';
import { applyMigrations, migrationState } from './migrations.js';
import { emailVerificationStatements, passwordResetStatements, refreshTokenStatements } from './sessions.js';
import { signingKeyStatements } from './signing-keys.js';
import { userStatements } from './users.js';

/** The PostgreSQL adapter of the store port; `pool` is for its own tests and tools only. */
export interface PostgresStore extends Store {
  readonly url: string;
  readonly pool: pg.Pool;
}

export interface OpenPostgresOptions {
  /** connections this process opens at most (`--database-pool-size`) */
  poolSize?: number;
  /**
   * `apply`: run the pending migrations (under a lock, so instances started together do not race);
   * `refuse`: a database with pending migrations is refused (PendingMigrationsError), so that migrating stays an
   * operator's decision (`wm db migrate`, `wm serve --migrate`)
   */
  migrations: 'apply' | 'refuse';
  /** told once when the database stops answering and once when it answers again */
  events?: DatabaseEvents;
}

/** A new connection must be made within this, or the call fails (503) instead of waiting on a dead server. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A statement whose answer takes longer than this fails (a server that stopped answering must not hang requests). */
const QUERY_TIMEOUT_MS = 30_000;
/**
 * The server ends a session of ours that stays this long inside a transaction without sending a statement: only an
 * instance that froze or vanished mid-transaction (a paused VM, a lost host or network) does that, since a unit of
 * work makes no other kind of call, and its row locks would otherwise stop every other instance's charges on those
 * accounts until PostgreSQL noticed the dead connection (hours, with TCP keepalive's defaults).
 */
const IDLE_IN_TRANSACTION_MS = 10_000;

/** int8 as a JavaScript number: Unix ms, balances and counts stay below 2^53 (MAX_BALANCE). */
const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format: 'text' | 'binary') =>
    oid === INT8_OID && format === 'text'
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as (value: unknown) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Connects to the database at `url` (postgres:// or postgresql://), checks that it answers and that its schema is
 * this version's (or brings it there, with `migrations: 'apply'`).
 */
export async function openPostgresStore(url: string, options: OpenPostgresOptions): Promise<PostgresStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    application_name: 'wm',
    types,
  });
  const connection = new PgConnection(pool, options.events);
  try {
    await connection.guard(async () => {
      if (options.migrations === 'apply') await applyMigrations(pool);
      const state = await migrationState(pool);
      if (state.newer) {
        throw new PendingMigrationsError(
          `the database at ${withoutPassword(url)} was migrated by a newer version of wm; upgrade this one`,
        );
      }
      if (state.pending > 0) {
        throw new PendingMigrationsError(
          `the database at ${withoutPassword(url)} has ${state.pending} pending migration(s): run \`wm db migrate\` ` +
            '(or start one `wm serve` with --migrate)',
        );
      }
    });
    return postgresStore(url, connection);
  } catch (error) {
    await pool.end();
    throw openingFailure(error, url);
  }
}

/** Why the database at `url` could not be opened, naming it (without its password) when that is what failed. */
function openingFailure(error: unknown, url: string): unknown {
  const where = withoutPassword(url);
  if (error instanceof DatabaseUnavailableError) {
    const reason = error.cause instanceof Error ? error.cause.message : error.message;
    return new DatabaseUnavailableError(`cannot reach the database at ${where}: ${reason}`, { cause: error.cause });
  }
  // the server answered but refused this login or this database (a wrong user or password, a database not created);
  // no `cause`: the CLI would print the server's words alone, without saying which database
  const state = sqlState(error);
  if (state?.startsWith('28') || state === '3D000') {
    return new DatabaseUnavailableError(`cannot use the database at ${where}: ${(error as Error).message}`);
  }
  return error;
}

function postgresStore(url: string, connection: PgConnection): PostgresStore {
  const { pool } = connection;
  const repositories = (session: PgSession, guard: <T>(call: () => Promise<T>) => Promise<T>): Repositories => ({
    users: guarded(userStatements(session), guard),
    refreshTokens: guarded(refreshTokenStatements(session), guard),
    emailVerifications: guarded(emailVerificationStatements(session), guard),
    passwordResets: guarded(passwordResetStatements(session), guard),
    channels: guarded(channelStatements(session), guard),
    signingKeys: guarded(signingKeyStatements(session), guard),
    c2paCertificates: guarded(c2paCertificateStatements(session), guard),
    apiTokens: guarded(apiTokenStatements(session), guard),
    ledger: guarded(ledgerStatements(session), guard),
    charges: guarded(chargeStatements(session), guard),
    copies: guarded(copyStatements(session), guard),
  });
  return {
    ...repositories(connection.outside, (call) => connection.guard(call)),
    url,
    pool,
    transaction: (work, options) =>
      connection.transaction(
        (unit) => {
          const unitOfWork: UnitOfWork = {
            ...repositories(unit, (call) => connection.guard(call, unit)),
            savepoint: (inner) => connection.savepoint(unit, () => inner(unitOfWork)),
          };
          return work(unitOfWork);
        },
        options?.lockedRows ? 'read committed' : 'serializable',
      ),
    createLimiterState: ({ now }) => createPostgresLimiterState(connection, now),
    describe: () => connection.guard(() => describePostgres(pool, url)),
    ping: () => connection.guard(async () => void (await pool.query('SELECT 1'))),
    poolState: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    backup: () =>
      Promise.reject(
        new UnsupportedByStoreError(
          'wm db backup copies a SQLite data folder; back up a PostgreSQL database with its own tools ' +
            '(pg_dump --format=custom), and keep the master key apart from the dump',
        ),
      ),
    // PostgreSQL checks its pages itself (and with data checksums, if the cluster has them); wm has nothing to add
    checkIntegrity: async () => [],
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** Every call of a repository run through `guard` (errors translated, availability noted). */
function guarded<S extends Record<string, (...args: never[]) => Promise<unknown>>>(
  statements: S,
  guard: <T>(call: () => Promise<T>) => Promise<T>,
): S {
  const wrapped: Record<string, unknown> = {};
  for (const [name, statement] of Object.entries(statements)) {
    wrapped[name] = (...args: never[]) => guard(() => statement(...args));
  }
  return wrapped as S;
}
