import type Database from 'better-sqlite3';

/** Runs one synchronous statement function (better-sqlite3 is synchronous) and gives its result as a promise. */
export type Execute = <T>(statement: () => T) => Promise<T>;

/**
 * The one connection of a SQLite store, and the order of what runs on it. better-sqlite3 is synchronous, but a unit
 * of work is async (the port's interface, the same for every database): between BEGIN and COMMIT the event loop
 * may run other code, and any statement sent on the connection meanwhile would land inside the open transaction,
 * seeing its uncommitted writes or being rolled back with it. So while a unit of work is open, every other call
 * waits until it ends; with none open, a call runs at once.
 */
export class SqliteConnection {
  /** settles when the open unit of work ends; undefined while none is open */
  private openUnit: Promise<void> | undefined;
  private savepoints = 0;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;

  constructor(readonly sqlite: Database.Database) {
    this.begin = sqlite.prepare('BEGIN IMMEDIATE');
    this.commit = sqlite.prepare('COMMIT');
    this.rollback = sqlite.prepare('ROLLBACK');
  }

  /** For calls on the store: at once, or after the open unit of work. */
  readonly outside: Execute = <T>(statement: () => T): Promise<T> =>
    this.openUnit === undefined ? settle(statement) : this.openUnit.then(() => this.outside(statement));

  /** For calls of the open unit of work. */
  readonly inside: Execute = <T>(statement: () => T): Promise<T> =>
    this.openUnit === undefined
      ? Promise.reject(new Error('a unit of work was used after it ended'))
      : settle(statement);

  /**
   * BEGIN IMMEDIATE (the write lock is taken at once, so two writers never both read and then conflict), `work`,
   * COMMIT; ROLLBACK when `work` or the commit fails.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    while (this.openUnit !== undefined) await this.openUnit;
    let end!: () => void;
    this.openUnit = new Promise((resolve) => (end = resolve));
    try {
      this.begin.run();
      try {
        const result = await work();
        this.commit.run();
        return result;
      } catch (error) {
        // some failures (SQLITE_FULL, …) end the transaction themselves
        if (this.sqlite.inTransaction) this.rollback.run();
        throw error;
      }
    } finally {
      this.openUnit = undefined;
      end();
    }
  }

  /** A savepoint inside the open unit of work: a throw undoes `work`'s writes alone. */
  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    if (this.openUnit === undefined) throw new Error('a savepoint needs an open unit of work');
    const name = `s${++this.savepoints}`;
    this.sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      this.sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      if (this.sqlite.inTransaction) this.sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    } finally {
      this.savepoints--;
    }
  }
}

function settle<T>(statement: () => T): Promise<T> {
  try {
    return Promise.resolve(statement());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A record of synchronous statement functions. */
type Statements = Record<string, (...args: never[]) => unknown>;

/** The same functions, each run through an executor: the shape of a port repository. */
export type Bound<S extends Statements> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

export function bind<S extends Statements>(statements: S, execute: Execute): Bound<S> {
  const bound: Record<string, unknown> = {};
  for (const [name, statement] of Object.entries(statements)) {
    bound[name] = (...args: never[]) => execute(() => statement(...args));
  }
  return bound as Bound<S>;
}
