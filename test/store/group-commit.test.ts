import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupCommit } from '../../src/store/index.js';

let dir: string;
let writer: Database.Database;
let reader: Database.Database;
let commitTogether: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wm-group-commit-'));
  writer = new Database(join(dir, 'db'), { timeout: 50 });
  writer.pragma('journal_mode = WAL');
  writer.exec('create table t (n integer primary key)');
  reader = new Database(join(dir, 'db'), { timeout: 50 });
  commitTogether = createGroupCommit(writer);
});
afterEach(() => {
  writer.close();
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (n: number) => () => writer.prepare('insert into t values (?)').run(n).changes;
const committed = () => (reader.prepare('select n from t order by n').pluck().all() as number[]);

describe('group commit', () => {
  it('runs the writes of one turn in one transaction and settles them after its commit', async () => {
    const seenByOthers: number[][] = [];
    const writes = [1, 2, 3].map((n) =>
      commitTogether(() => {
        insert(n)();
        seenByOthers.push(committed());
        return n * 10;
      }),
    );
    expect(committed()).toEqual([]); // nothing runs before the turn ends
    expect(await Promise.all(writes)).toEqual([10, 20, 30]);
    expect(seenByOthers).toEqual([[], [], []]); // no commit between the writes of the turn
    expect(committed()).toEqual([1, 2, 3]);
    expect(writer.inTransaction).toBe(false);
  });

  it('rolls back a write that throws, alone, and rejects only its caller', async () => {
    const outcomes = await Promise.allSettled([
      commitTogether(insert(1)),
      commitTogether(() => {
        insert(2)();
        throw new Error('refused');
      }),
      commitTogether(insert(3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(committed()).toEqual([1, 3]);
  });

  it('rejects every caller of the turn and keeps none of its writes when the transaction cannot commit', async () => {
    reader.prepare('BEGIN IMMEDIATE').run(); // another connection holds the write lock past the busy timeout
    const outcomes = await Promise.allSettled([commitTogether(insert(1)), commitTogether(insert(2))]);
    reader.prepare('ROLLBACK').run();
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason.code).toBe('SQLITE_BUSY');
    expect(committed()).toEqual([]);
    // the next turn starts afresh
    await commitTogether(insert(4));
    expect(committed()).toEqual([4]);
  });

  it('gives writes submitted after a turn a transaction of their own', async () => {
    await commitTogether(insert(1));
    const later = commitTogether(() => {
      const before = committed();
      insert(2)();
      return before;
    });
    expect(await later).toEqual([1]);
    expect(committed()).toEqual([1, 2]);
  });
});
