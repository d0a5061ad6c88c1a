import type { OpenedDomain } from '../../data-folder/index.js';
import { parseRetention } from '../../domain/index.js';
import type { StoreDescription } from '../../store/index.js';
import { CliError, EXIT } from '../errors.js';
import { fields, print, table, withDomain, type AdminOptions, type FieldValue } from './output.js';

/**
 * SQLite: creates the data folder when missing, and opening the store applies pending migrations. PostgreSQL: applies
 * the pending migrations (under a lock, so instances started with --migrate meanwhile do not race it). Reports the
 * state reached.
 */
export async function migrateDb(options: AdminOptions): Promise<void> {
  await withDomain({ ...options, create: true, migrate: true }, async (_domain, opened) => {
    const info = await describeDatabase(opened);
    print(options, info, `Database ${info.database} is up to date (${info.migrations_applied} migrations applied)`);
  });
}

interface CopyOptions {
  from?: string;
  to?: string;
  json?: boolean;
}

export async function copyDb(options: CopyOptions): Promise<void> {
  if (!options.from) throw new CliError(EXIT.USAGE, '--from is required: the SQLite database or data folder to copy');
  const { copyDatabase } = await import('../../store/index.js');
  const result = await copyDatabase({ from: options.from, to: options.to });
  const total = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  print(options, result, [
    `Copied ${total} rows from ${result.from} to ${result.to}:`,
    ...table([['table', 'rows'], ...Object.entries(result.rows).map(([name, n]) => [name, String(n)])]).map(
      (line) => `  ${line}`,
    ),
    'The channel keys are sealed under the master key of the SQLite installation: start every instance with that key',
    '(WM_MASTER_KEY, 64 hex characters: `od -An -tx1 -v master.key | tr -d " \\n"` in its data folder).',
  ]);
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
        ...engineFields(info),
        ['migrations applied', info.migrations_applied],
        ['master key', info.master_key],
        ['users', info.counts.users],
        ['api tokens', info.counts.api_tokens],
        ['channels', info.counts.channels],
      ]),
    );
  });
}

type DatabaseInfo = Awaited<ReturnType<typeof describeDatabase>>;

function engineFields(info: DatabaseInfo): [string, FieldValue][] {
  return info.engine === 'sqlite'
    ? [
        ['journal mode', info.journal_mode],
        ['foreign keys', info.foreign_keys ? 'on' : 'off'],
        ['busy timeout', `${info.busy_timeout_ms} ms`],
      ]
    : [
        ['server version', `PostgreSQL ${info.server_version}`],
        ['pool size', `${info.pool_size} connections per process`],
      ];
}

function engineInfo(engine: StoreDescription['engine']) {
  return engine.name === 'sqlite'
    ? {
        engine: engine.name,
        size_bytes: engine.sizeBytes,
        journal_mode: engine.journalMode,
        foreign_keys: engine.foreignKeys,
        busy_timeout_ms: engine.busyTimeoutMs,
      }
    : {
        engine: engine.name,
        size_bytes: engine.sizeBytes,
        server_version: engine.serverVersion,
        pool_size: engine.poolSize,
      };
}

async function describeDatabase({ home, store, masterKeySource }: OpenedDomain) {
  const { database, migrationsApplied, counts, engine } = await store.describe();
  return {
    home,
    database,
    ...engineInfo(engine),
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
