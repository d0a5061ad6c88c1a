import type { Store, UnitOfWork } from './port/index.js';

/** Submits one item to the next group commit; resolves with its outcome once that commit is done. */
export type Submit<I, O> = (item: I) => Promise<O>;

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. A commit costs more than a bare HTTP route's whole request (SQLite: WAL frames and locks; a server
 * database: a round trip), so the items submitted during one turn of the event loop are applied together: one call
 * of `apply`, in one unit of work, gets them all in the order submitted and returns one outcome for each (a
 * refusal is an outcome, not a failure: `apply` keeps one item's failure from undoing the others, e.g. with
 * savepoints). Every submitter is answered after the COMMIT, so nobody hears of a write before it is in the
 * database; if the unit of work fails as a whole, nothing of it is kept and every submitter gets the error.
 */
export function createGroupCommit<I, O>(
  store: Pick<Store, 'transaction'>,
  apply: (tx: UnitOfWork, items: readonly I[]) => Promise<O[]>,
): Submit<I, O> {
  let queue: Pending<I, O>[] = [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    let outcomes: O[];
    try {
      outcomes = await store.transaction((tx) =>
        apply(
          tx,
          batch.map((pending) => pending.item),
        ),
      );
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(outcomes[index]));
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ item, resolve, reject });
    });
}
