import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { schema } from './schema.js';

/** The drizzle database over the store's one connection; inside a unit of work its statements join the transaction. */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
