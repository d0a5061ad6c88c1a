import type Database from 'better-sqlite3';
import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type Submit } from '../../src/store/index.js';
import { SqliteConnection } from '../../src/store/sqlite/connection.js';

let dir: string;
let writer: Database.Database;
let reader: Database.Database;
let submit: Submit<number, number>;
/** what each flush saw committed by others while it ran, and the items it got */
let flushes: { items: number[]; seenByOthers: number[] }[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wm-group-commit-'));
  writer = new SqliteDriver(join(dir, 'db'), { timeout: 50 });
  writer.pragma('journal_mode = WAL');
  writer.exec('create table t (n integer primary key)');
  reader = new SqliteDriver(join(dir, 'db'), { timeout: 50 });
  const connection = new SqliteConnection(writer);
  flushes = [];
  // the unit of work's repositories are not needed here: the items are written on the connection directly
  const store = {
    transaction: <T>(work: (tx: never) => Promise<T>) => connection.transaction(() => work(undefined as never)),
  };
  submit = createGroupCommit(store, async (_tx, items) => {
    for (const n of items) insert(n);
    flushes.push({ items: [...items], seenByOthers: committed() });
    return items.map((n) => n * 10);
  });
});
afterEach(() => {
  writer.close();
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (n: number) => writer.prepare('insert into t values (?)').run(n);
const committed = () => reader.prepare('select n from t order by n').pluck().all() as number[];

describe('group commit', () => {
  it('applies the items of one turn in one call and one transaction, and answers each after its commit', async () => {
    const answers = [1, 2, 3].map((n) => submit(n));
    expect(committed()).toEqual([]); // nothing runs before the turn ends
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
    expect(flushes).toEqual([{ items: [1, 2, 3], seenByOthers: [] }]); // no commit between the items of the turn
    expect(committed()).toEqual([1, 2, 3]);
    expect(writer.inTransaction).toBe(false);
  });

  it('rejects every submitter of the turn and keeps none of its writes when it cannot commit', async () => {
    reader.prepare('BEGIN IMMEDIATE').run(); // another connection holds the write lock past the busy timeout
    const outcomes = await Promise.allSettled([submit(1), submit(2)]);
    reader.prepare('ROLLBACK').run();
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason.code).toBe('SQLITE_BUSY');
    expect(committed()).toEqual([]);
    // the next turn starts afresh
    await submit(4);
    expect(committed()).toEqual([4]);
  });

  it('rejects every submitter when applying fails as a whole, and keeps nothing of the turn', async () => {
    const failing = createGroupCommit<number, number>(
      { transaction: (work) => new SqliteConnection(writer).transaction(() => work(undefined as never)) },
      async (_tx, items) => {
        for (const n of items) insert(n);
        throw new Error('apply failed');
      },
    );
    const outcomes = await Promise.allSettled([failing(1), failing(2)]);
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(['apply failed', 'apply failed']);
    expect(committed()).toEqual([]);
  });

  it('gives items submitted after a turn a transaction of their own', async () => {
    await submit(1);
    expect(await submit(2)).toBe(20);
    expect(flushes).toEqual([
      { items: [1], seenByOthers: [] },
      { items: [2], seenByOthers: [1] },
    ]);
  });
});
