import { statSync } from 'node:fs';
import type { OpenedDomain } from '../../domain/index.js';
import { fields, print, withDomain, type AdminOptions } from './output.js';

/** Opening the store applies pending migrations; `migrate` reports the state reached. */
export async function migrateDb(options: AdminOptions): Promise<void> {
  await withDomain(options, (_domain, opened) => {
    const info = describeDatabase(opened);
    print(options, info, `Database ${info.database} is up to date (${info.migrations_applied} migrations applied)`);
  });
}

export async function dbInfo(options: AdminOptions): Promise<void> {
  await withDomain(options, (_domain, opened) => {
    const info = describeDatabase(opened);
    print(
      options,
      info,
      fields([
        ['data folder', info.home],
        ['database', `${info.database} (${info.size_bytes} bytes)`],
        ['journal mode', info.journal_mode],
        ['foreign keys', info.foreign_keys ? 'on' : 'off'],
        ['busy timeout', `${info.busy_timeout_ms} ms`],
        ['migrations applied', info.migrations_applied],
        ['master key', info.master_key],
        ['users', info.counts.users],
        ['api tokens', info.counts.api_tokens],
        ['signing channels', info.counts.channels],
      ]),
    );
  });
}

function describeDatabase({ home, store }: OpenedDomain) {
  const count = (table: string) => (store.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return {
    home,
    database: store.file,
    size_bytes: statSync(store.file).size,
    journal_mode: store.sqlite.pragma('journal_mode', { simple: true }) as string,
    foreign_keys: store.sqlite.pragma('foreign_keys', { simple: true }) === 1,
    busy_timeout_ms: store.sqlite.pragma('busy_timeout', { simple: true }) as number,
    migrations_applied: count('__drizzle_migrations'),
    master_key: process.env.WM_MASTER_KEY ? 'from WM_MASTER_KEY' : 'master.key in the data folder',
    counts: { users: count('users'), api_tokens: count('api_tokens'), channels: count('channels') },
  };
}
