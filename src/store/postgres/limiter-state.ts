import type { LimiterDecision, LimiterState } from '../limiter-state.js';
import type { PgConnection } from './connection.js';
import type { Statement } from './database.js';

/*
 * The password-attempt counters in the shared database, so that every instance counts the same attempts: one row
 * per key holding the record as JSON. An update is one read-committed unit of work that locks the key's row (made
 * if missing) and writes the next record, so updates of one key from any instance run one after another.
 */

/** Makes the row if missing and locks it either way; returns the stored record (null value: none yet). */
const LOCK: Statement = {
  name: 'limiter_lock',
  text: `INSERT INTO limiter_records (key, value, expires_at) VALUES ($1, NULL, 0)
         ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
         RETURNING value, expires_at AS "expiresAt"`,
};

const WRITE: Statement = {
  name: 'limiter_write',
  text: 'UPDATE limiter_records SET value = $2, expires_at = $3 WHERE key = $1',
};

const FORGET: Statement = { name: 'limiter_forget', text: 'DELETE FROM limiter_records WHERE key = $1' };

/** Expired records of other keys, deleted a few at a time; rows locked by another update are left for later. */
const SWEEP: Statement = {
  name: 'limiter_sweep',
  text: `DELETE FROM limiter_records WHERE key IN (
           SELECT key FROM limiter_records WHERE expires_at <= $1 LIMIT 100 FOR UPDATE SKIP LOCKED)`,
};

/** One update in this many also sweeps expired records, so the table follows the live records without a timer. */
const SWEEP_EVERY = 50;

export function createPostgresLimiterState(connection: PgConnection, now: () => number): LimiterState {
  let updates = 0;
  return {
    update<T, R>(key: string, decide: (current: T | undefined) => LimiterDecision<T, R>): Promise<R> {
      const sweep = ++updates % SWEEP_EVERY === 0;
      return connection.transaction(async (unit) => {
        const [stored] = await unit.run<{ value: string | null; expiresAt: number }>(LOCK, [key]);
        const time = now();
        const current =
          stored && stored.value !== null && stored.expiresAt > time ? (JSON.parse(stored.value) as T) : undefined;
        const decision = decide(current);
        if (decision.next !== undefined && decision.expiresAt > time) {
          await unit.run(WRITE, [key, JSON.stringify(decision.next), decision.expiresAt]);
        } else {
          await unit.run(FORGET, [key]);
        }
        if (sweep) await unit.run(SWEEP, [time]);
        return decision.result;
      }, 'read committed');
    },
  };
}
