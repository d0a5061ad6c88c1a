export { openPostgresStore, type OpenPostgresOptions, type PostgresStore } from './open-postgres-store.js';
