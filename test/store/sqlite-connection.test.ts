import type Database from 'better-sqlite3';
import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../../src/store/sqlite/connection.js';

let sqlite: Database.Database;
let connection: SqliteConnection;
beforeEach(() => {
  sqlite = new SqliteDriver(':memory:');
  sqlite.exec('create table t (n integer primary key)');
  connection = new SqliteConnection(sqlite);
});
afterEach(() => sqlite.close());

const rows = () => sqlite.prepare('select n from t order by n').pluck().all() as number[];
const insert = (n: number) => () => sqlite.prepare('insert into t values (?)').run(n).changes;
/** a turn of the event loop: what a server database's round trip would take */
const anotherTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the SQLite connection of a store', () => {
  it('runs a call at once when no unit of work is open', async () => {
    const answer = connection.outside(insert(1));
    expect(rows()).toEqual([1]);
    expect(await answer).toBe(1);
  });

  it('holds calls made outside an open unit of work until it has ended, so they see only committed data', async () => {
    const seen: number[][] = [];
    const unit = connection.transaction(async () => {
      await connection.inside(insert(1));
      await anotherTurn();
      await connection.inside(insert(2));
      throw new Error('undone');
    });
    await anotherTurn();
    const outside = connection.outside(() => seen.push(rows()));
    await expect(unit).rejects.toThrow('undone');
    await outside;
    expect(seen).toEqual([[]]);
    expect(rows()).toEqual([]);
  });

  it('runs units of work one after another', async () => {
    const order: string[] = [];
    const unit = (name: string) =>
      connection.transaction(async () => {
        order.push(`${name} begins`);
        await anotherTurn();
        order.push(`${name} ends`);
      });
    await Promise.all([unit('a'), unit('b')]);
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
  });

  it('undoes a savepoint alone when its work throws', async () => {
    await connection.transaction(async () => {
      await connection.inside(insert(1));
      await expect(
        connection.savepoint(async () => {
          await connection.inside(insert(2));
          throw new Error('this part only');
        }),
      ).rejects.toThrow('this part only');
      await connection.savepoint(() => connection.inside(insert(3)));
    });
    expect(rows()).toEqual([1, 3]);
  });

  it('refuses a unit of work used after it ended', async () => {
    await connection.transaction(async () => {});
    await expect(connection.inside(insert(1))).rejects.toThrow(/after it ended/);
  });
});
