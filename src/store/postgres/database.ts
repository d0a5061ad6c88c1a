import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/** The drizzle database over the pool (autocommit) or over the connection of one unit of work. */
export type Db = NodePgDatabase;

/** A hot statement: plain SQL prepared once per connection under its name (the pg driver keeps it). */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** What a repository runs its statements on: the pool, or the connection of one unit of work. */
export interface PgSession {
  /**
   * The pool, where calls of many requests arrive at once (a hot read may gather them into one statement per
   * event-loop turn); false for a unit of work, whose calls come one after another.
   */
  readonly shared: boolean;
  readonly db: Db;
  readonly run: <R>(statement: Statement, values: readonly unknown[]) => Promise<R[]>;
}
