import { fileURLToPath } from 'node:url';

/**
 * `drizzle/` at the package root, the SQLite adapter's migrations: two levels up from src/store/ (vitest),
 * dist/store/ and the CLI bundle in dist/bundle/ alike, which is why this file sits here and not in sqlite/.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `drizzle-postgres/` beside it: the PostgreSQL adapter's migrations. */
export const POSTGRES_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle-postgres', import.meta.url));
