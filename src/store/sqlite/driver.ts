import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The better-sqlite3 that works on this Node. Version 13 is built on Node-API and ships prebuilt binaries (no
 * compiler needed), but needs Node 22: on Node 20 it crashes at its first statement. Version 12, installed as the
 * optional dependency `better-sqlite3-node20`, works on Node 20 but aborts the process on Node 24.19 and later
 * when a statement is garbage-collected (its destructor removes a cleanup hook after the environment is gone).
 * Both have the same API; drizzle only ever receives the connection we open.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
export const SQLITE_DRIVER = NODE_MAJOR >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

export const SqliteDriver = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof BetterSqlite3;
