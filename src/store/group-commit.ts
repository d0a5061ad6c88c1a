import type Database from 'better-sqlite3';

/** Runs `write` in a transaction shared with the other writes of this event-loop turn; settles after COMMIT. */
export type GroupCommit = <T>(write: () => T) => Promise<T>;

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. A commit costs more than a bare HTTP route's whole request (WAL frames and locks, ~50–100 µs),
 * so the writes submitted during one turn of the event loop run in one immediate transaction, each in a
 * savepoint of its own: a write that throws rolls back alone and rejects only its caller. Every caller settles
 * after the COMMIT, so nobody is answered before their write is in the database; if the commit fails, all of
 * the turn's writes are rolled back and all callers get the error.
 */
export function createGroupCommit(sqlite: Database.Database): GroupCommit {
  let queue: Pending[] = [];
  const inSavepoint = sqlite.transaction((write: () => unknown) => write());
  const runTogether = sqlite.transaction((batch: Pending[]) =>
    batch.map((pending): (() => void) => {
      try {
        const value = inSavepoint(pending.write);
        return () => pending.resolve(value);
      } catch (error) {
        return () => pending.reject(error);
      }
    }),
  );
  const flush = () => {
    const batch = queue;
    queue = [];
    let settle: (() => void)[];
    try {
      settle = runTogether.immediate(batch);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const outcome of settle) outcome();
  };
  return <T>(write: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
    });
}
