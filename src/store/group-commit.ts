import type { Store, UnitOfWork, UnitOfWorkOptions } from './port/index.js';

/** Submits one item to the next group commit; resolves with its outcome once that commit is done. */
export type Submit<I, O> = (item: I) => Promise<O>;

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. A commit costs more than a bare HTTP route's whole request (SQLite: WAL frames and locks; a server
 * database: round trips), so the items submitted during one turn of the event loop are applied together: one call
 * of `apply`, in one unit of work, gets them all in the order submitted and returns one outcome for each (a
 * refusal is an outcome, not a failure: `apply` keeps one item's failure from undoing the others, e.g. with
 * savepoints). Every submitter is answered after the COMMIT, so nobody hears of a write before it is in the
 * database; if the unit of work fails as a whole, nothing of it is kept and every submitter gets the error.
 *
 * One batch is in flight at a time: items submitted while a commit runs wait for it and go together into the next.
 * (SQLite runs one unit of work at a time anyway; a server database would otherwise get several units at once
 * that queue on the same account rows.)
 */
export function createGroupCommit<I, O>(
  store: Pick<Store, 'transaction'>,
  apply: (tx: UnitOfWork, items: readonly I[]) => Promise<O[]>,
  options: {
    /** passed to `store.transaction` */
    unitOfWork?: UnitOfWorkOptions;
    /** told the size of each batch once it is committed */
    committed?: (items: number) => void;
  } = {},
): Submit<I, O> {
  let queue: Pending<I, O>[] = [];
  /** set from the first submission of a batch until no batch is left */
  let flushing = false;
  const commit = async (batch: Pending<I, O>[]) => {
    let outcomes: O[];
    try {
      outcomes = await store.transaction(
        (tx) =>
          apply(
            tx,
            batch.map((pending) => pending.item),
          ),
        options.unitOfWork,
      );
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    options.committed?.(batch.length);
    batch.forEach((pending, index) => pending.resolve(outcomes[index]));
  };
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      await commit(batch);
    }
    flushing = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}
