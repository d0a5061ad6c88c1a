import { DrizzleQueryError } from 'drizzle-orm';
import { DatabaseUnavailableError } from '../database-failure.js';

/** SQLSTATE of a PostgreSQL error (pg's DatabaseError), or undefined. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** A row that a UNIQUE index refused (unique_violation), also under drizzle's wrapper. */
export const isUniqueViolation = (error: unknown): boolean =>
  sqlState(error instanceof DrizzleQueryError ? error.cause : error) === '23505';

/** Another unit of work got in the way; running this one again may succeed. */
export const isConflict = (error: unknown): boolean => {
  const state = sqlState(error);
  // serialization_failure, deadlock_detected
  return state === '40001' || state === '40P01';
};

/**
 * Node's errors of a socket that did not connect or broke, and of a host name that did not resolve (a database's
 * name in DNS can vanish for a moment while it fails over: that is an outage, 503, not a bug, 500).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg reports a connection lost mid-query or a pool that found no connection in time without a code, only in words
 * (pg 8: "Connection terminated unexpectedly", "timeout exceeded when trying to connect", …).
 */
const UNCODED_CONNECTION_FAILURE = new RegExp(
  '^(Connection terminated|timeout exceeded when trying to connect|' +
    'Client has encountered a connection error|Query read timeout)',
);

/** The server is not reachable or not serving, as opposed to refusing a statement. */
export function isUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  // connection_exception (08…), admin/crash shutdown and "starting up" (57P01–57P03), too_many_connections, and a
  // session the server ended after it sat idle in a transaction (25P03: this instance was frozen meanwhile)
  if (state) return state.startsWith('08') || /^57P0[1-3]$/.test(state) || state === '53300' || state === '25P03';
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return error instanceof Error && UNCODED_CONNECTION_FAILURE.test(error.message);
}

/**
 * The error a repository call gives: drizzle's wrapper taken off (its message holds the query and its parameters,
 * which must not reach a log), and an unreachable server made a DatabaseUnavailableError.
 */
export function translateError(error: unknown): Error {
  const original = error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  if (isUnavailable(original)) return unavailable(original);
  return original instanceof Error ? original : new Error(String(original));
}

export function unavailable(cause: unknown): DatabaseUnavailableError {
  const reason = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : '';
  return new DatabaseUnavailableError(`the database is unavailable${reason ? `: ${reason}` : ''}`, { cause });
}
