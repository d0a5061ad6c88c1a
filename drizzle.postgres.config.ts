import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL adapter's migrations (`npm run db:generate:postgres`); SQLite's are made by drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/postgres/schema.ts',
  out: './drizzle-postgres',
});
