export {
  openPostgresStore,
  DEFAULT_POOL_SIZE,
  type PostgresStore,
  type OpenPostgresOptions,
} from './open-postgres-store.js';
