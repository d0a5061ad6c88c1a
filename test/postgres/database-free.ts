/**
 * Suites under a folder the postgres project runs (vitest.config.ts, POSTGRES_SUITES) that touch no database: pure
 * rules of the domain (password hashing, the hash gate, fingerprints and their matching, copy segments). On
 * PostgreSQL they would prove again, at full cost, what the SQLite run proves, so that project leaves them out.
 * test/architecture/database-free-suites.test.ts fails if one of them starts to reach a store, a fixture or a server.
 */
export const DATABASE_FREE_SUITES = [
  'test/domain/password.test.ts',
  'test/domain/hash-gate.test.ts',
  'test/domain/fingerprint/fingerprint.test.ts',
  'test/domain/fingerprint/winnow.test.ts',
  'test/domain/fingerprint/match.test.ts',
  'test/domain/copies/segments.test.ts',
];
