import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DatabaseUnavailableError } from '../database-failure.js';
import type { DatabaseEvents } from '../port/index.js';
import type { Db, PgSession, Statement } from './database.js';
import { isConflict, translateError } from './errors.js';

/**
 * `serializable`: units of work behave as if they ran one after another (the port's contract), and one that
 * conflicts with another fails and is run again. `read committed` is for units whose reads that matter are of rows
 * they locked first: a second writer waits for the lock and then reads what the first committed, instead of failing
 * (under steady load on one account a retried unit could otherwise lose the race again and again).
 */
export type Isolation = 'serializable' | 'read committed';

const BEGIN: Record<Isolation, string> = {
  serializable: 'BEGIN ISOLATION LEVEL SERIALIZABLE',
  'read committed': 'BEGIN ISOLATION LEVEL READ COMMITTED',
};

/** How long calls must work again, without a failure, before an outage counts as over. */
const STABLE_MS = 1_000;

/** Tries of a unit of work that keeps conflicting with others before it is given up (503). */
const MAX_ATTEMPTS = 12;

/** The session of one unit of work: its connection, and whether a conflict has doomed it to be run again. */
export interface UnitSession extends PgSession {
  conflicted: boolean;
  savepoints: number;
  client: pg.PoolClient;
}

/**
 * The pool of a PostgreSQL store and the order of what runs on it. Calls on the store take any connection
 * (autocommit); a unit of work holds one connection from BEGIN to COMMIT and runs again, whole, after a
 * serialization failure or a deadlock, even one its work caught (the domain turns a failed savepoint into a
 * refusal; a conflict must not become one). Every error leaves here translated (translateError), and the first
 * failure to reach the database after it worked, and the first success after that, are told to `events`.
 */
export class PgConnection {
  readonly outside: PgSession;
  private readonly drizzleOf = new WeakMap<pg.PoolClient, Db>();
  private readonly listened = new WeakSet<pg.PoolClient>();
  private downSince: number | undefined;
  private workingSince: number | undefined;

  constructor(
    readonly pool: pg.Pool,
    private readonly events: DatabaseEvents | undefined,
  ) {
    // an idle connection the server ended (restart, admin shutdown) is an error event: unhandled, it would crash
    pool.on('error', (error) => this.failed(translateError(error)));
    this.outside = {
      shared: true,
      db: drizzle(pool),
      run: async <R>(statement: Statement, values: readonly unknown[]) =>
        (await pool.query<R & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: [...values] }))
          .rows,
    };
  }

  /** Runs one repository call: its errors translated, availability noted. */
  async guard<T>(call: () => Promise<T>, unit?: UnitSession): Promise<T> {
    try {
      const result = await call();
      this.worked();
      return result;
    } catch (error) {
      if (unit && isConflict(error)) unit.conflicted = true;
      throw this.failure(error);
    }
  }

  /**
   * BEGIN at `isolation`, `work`, COMMIT; ROLLBACK when `work` or the commit fails. A conflict (even one `work`
   * caught) rolls the unit back and runs it again after a short pause, up to MAX_ATTEMPTS times.
   */
  async transaction<T>(work: (unit: UnitSession) => Promise<T>, isolation: Isolation): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.connect();
      const unit = this.unitSession(client);
      let outcome: { value: T } | { error: unknown };
      try {
        await client.query(BEGIN[isolation]);
        outcome = { value: await work(unit) };
      } catch (error) {
        outcome = { error };
      }
      let conflict = unit.conflicted;
      if ('value' in outcome && !conflict) {
        try {
          await client.query('COMMIT');
          client.release();
          this.worked();
          return outcome.value;
        } catch (error) {
          // a failed COMMIT has ended the transaction (serializable: a conflict found at commit)
          client.release(isConflict(error) ? undefined : asError(error));
          if (!isConflict(error)) throw this.failure(error);
          conflict = true;
        }
      } else {
        client.release(await rollback(client));
        conflict ||= 'error' in outcome && isConflict(outcome.error);
        if (!conflict) throw this.failure('error' in outcome ? outcome.error : undefined);
      }
      if (attempt >= MAX_ATTEMPTS) {
        throw new DatabaseUnavailableError(
          `the database refused a unit of work ${attempt} times as conflicting with concurrent ones; retry shortly`,
        );
      }
      await pause(attempt);
    }
  }

  /** A savepoint inside the unit of work: a throw undoes `work`'s writes alone. */
  async savepoint<T>(unit: UnitSession, work: () => Promise<T>): Promise<T> {
    const name = `s${++unit.savepoints}`;
    await this.guard(() => unit.client.query(`SAVEPOINT ${name}`), unit);
    try {
      const result = await work();
      await this.guard(() => unit.client.query(`RELEASE ${name}`), unit);
      return result;
    } catch (error) {
      // on a broken connection this fails too; the unit of work then fails as a whole
      await this.guard(() => unit.client.query(`ROLLBACK TO ${name}`), unit).catch(() => undefined);
      throw error;
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.failure(error);
    }
    // a connection the server ends while a unit of work holds it emits `error`: unhandled, it would crash the
    // process (the pool listens only to idle connections); the unit's own statement fails with it anyway
    if (!this.listened.has(client)) {
      this.listened.add(client);
      client.on('error', (error) => this.failed(translateError(error)));
    }
    return client;
  }

  private unitSession(client: pg.PoolClient): UnitSession {
    let db = this.drizzleOf.get(client);
    if (!db) this.drizzleOf.set(client, (db = drizzle(client)));
    return {
      shared: false,
      db,
      client,
      conflicted: false,
      savepoints: 0,
      run: async <R>(statement: Statement, values: readonly unknown[]) =>
        (await client.query<R & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: [...values] }))
          .rows,
    };
  }

  private failure(error: unknown): Error {
    const translated = translateError(error);
    if (translated instanceof DatabaseUnavailableError) this.failed(translated);
    return translated;
  }

  private failed(error: Error): void {
    this.workingSince = undefined;
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.events?.unavailable(error);
  }

  /**
   * An outage ends once calls have worked for STABLE_MS without a failure: while a server shuts down or starts,
   * calls on some connections still work between failures on others, and that is one outage, not many.
   */
  private worked(): void {
    if (this.downSince === undefined) return;
    const now = Date.now();
    this.workingSince ??= now;
    if (now - this.workingSince < STABLE_MS) return;
    const downFor = now - this.downSince;
    this.downSince = undefined;
    this.workingSince = undefined;
    this.events?.available(downFor);
  }
}

/** ROLLBACK; the error when the connection itself is broken (the pool then discards it). */
async function rollback(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return asError(error);
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Jittered exponential pause before a conflicting unit of work runs again: 1–2 ms, 2–4 ms, … up to 100 ms. */
function pause(attempt: number): Promise<void> {
  const base = Math.min(100, 2 ** (attempt - 1));
  return new Promise((resolve) => setTimeout(resolve, base * (1 + Math.random())));
}
