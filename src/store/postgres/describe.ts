import type pg from 'pg';
import type { StoreDescription } from '../port/index.js';
import { withoutPassword } from '../database-url.js';
import { migrationState } from './migrations.js';

const COUNTED = { users: 'users', apiTokens: 'api_tokens', channels: 'channels' } as const;

export async function describePostgres(pool: pg.Pool, url: string): Promise<StoreDescription> {
  const count = async (table: string) =>
    (await pool.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0].n;
  const { rows } = await pool.query<{ version: string; size: string }>(
    `SELECT current_setting('server_version') AS version, pg_database_size(current_database())::text AS size`,
  );
  return {
    database: withoutPassword(url),
    migrationsApplied: (await migrationState(pool)).applied,
    counts: {
      users: await count(COUNTED.users),
      apiTokens: await count(COUNTED.apiTokens),
      channels: await count(COUNTED.channels),
    },
    engine: {
      name: 'postgresql',
      serverVersion: rows[0].version,
      sizeBytes: Number(rows[0].size),
      poolSize: pool.options.max,
    },
  };
}
