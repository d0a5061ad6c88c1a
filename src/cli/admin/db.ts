import { parseRetention, type OpenedDomain } from '../../domain/index.js';
import { fields, print, withDomain, type AdminOptions } from './output.js';

/** Creates the data folder when missing; opening the store applies pending migrations; reports the state reached. */
export async function migrateDb(options: AdminOptions): Promise<void> {
  await withDomain({ ...options, create: true }, async (_domain, opened) => {
    const info = await describeDatabase(opened);
    print(options, info, `Database ${info.database} is up to date (${info.migrations_applied} migrations applied)`);
  });
}

export async function dbInfo(options: AdminOptions): Promise<void> {
  await withDomain(options, async (_domain, opened) => {
    const info = await describeDatabase(opened);
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

async function describeDatabase({ home, store, masterKeySource }: OpenedDomain) {
  const { database, migrationsApplied, counts, engine } = await store.describe();
  return {
    home,
    database,
    size_bytes: engine.sizeBytes,
    journal_mode: engine.journalMode,
    foreign_keys: engine.foreignKeys,
    busy_timeout_ms: engine.busyTimeoutMs,
    migrations_applied: migrationsApplied,
    master_key:
      masterKeySource.kind === 'environment' ? `from ${masterKeySource.variable}` : 'master.key in the data folder',
    counts: { users: counts.users, api_tokens: counts.apiTokens, channels: counts.channels },
  };
}

/** `wm db prune --usage-older-than DURATION`: retention, by hand or from a timer. */
export async function pruneDb(options: AdminOptions & { usageOlderThan: string }): Promise<void> {
  const retention = parseRetention(options.usageOlderThan, '--usage-older-than');
  await withDomain(options, async (domain) => {
    const result = await domain.admin.pruneUsage(retention);
    const before = new Date(result.cutoff).toISOString();
    print(
      options,
      { before, entries_deleted: result.entriesDeleted, counters_deleted: result.countersDeleted },
      `Deleted ${result.entriesDeleted} usage record(s) older than ${before} (${retention.text}) and ` +
        `${result.countersDeleted} monthly counter(s) of past periods; balances and quotas are unchanged.`,
    );
  });
}
