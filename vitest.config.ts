import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { workspaceSourceAliases } from './test/codec-source.js';
import { DATABASE_FREE_SUITES } from './test/postgres/database-free.js';

/** Debian's PostgreSQL server programs (package `postgresql`); WM_TEST_POSTGRES_BIN names another folder. */
const POSTGRES_BIN = process.env.WM_TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const postgresInstalled = existsSync(join(POSTGRES_BIN, 'initdb')) && existsSync(join(POSTGRES_BIN, 'pg_ctl'));

/** The suites that touch the database run again on PostgreSQL; the rest (codec, CLI, pure rules) run once. */
const POSTGRES_SUITES = [
  'test/postgres/**/*.test.ts',
  'test/store/port.test.ts',
  'test/domain/**/*.test.ts',
  'test/mcp/http.test.ts',
  'test/server/{account,auth,cross-site,error-shape,mail,metrics,platform,recovery,session-watermark,signing,usage-daily,usage-retention,watermark}.test.ts',
];

// Timeouts only catch a hang: nothing here is about speed (that is bench/'s job), and on a shared machine under
// load a test that spawns a dozen CLI processes took over 30 s. Generous limits keep `npm test` passing there.
const common = { testTimeout: 180_000, hookTimeout: 180_000, alias: workspaceSourceAliases() };

const sqlite: TestProjectInlineConfiguration = {
  test: {
    ...common,
    name: 'sqlite',
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // the long stress battery and the Chromium checks (rendering, dashboard) have their own npm scripts; the
    // PostgreSQL-only suites belong to the postgres project
    exclude: ['**/node_modules/**', 'test/stress/**', 'test/render/**', 'test/web/e2e/**', 'test/postgres/**'],
  },
};

const postgres: TestProjectInlineConfiguration = {
  test: {
    ...common,
    name: 'postgres',
    include: POSTGRES_SUITES,
    exclude: ['**/node_modules/**', ...DATABASE_FREE_SUITES],
    // a PostgreSQL server of its own for the run: test/postgres/global-setup.ts
    globalSetup: ['test/postgres/global-setup.ts'],
    setupFiles: ['test/postgres/after-file.ts'],
  },
};

function projects(): TestProjectInlineConfiguration[] {
  if (postgresInstalled) return [sqlite, postgres];
  // CI sets WM_TEST_REQUIRE_POSTGRES=1 (.ci/run): there, a missing server is a failure, never a skip
  if (process.env.WM_TEST_REQUIRE_POSTGRES === '1') {
    throw new Error(`WM_TEST_REQUIRE_POSTGRES=1 but no PostgreSQL server programs in ${POSTGRES_BIN}`);
  }
  console.warn(
    `PostgreSQL suites SKIPPED: no initdb/pg_ctl in ${POSTGRES_BIN} (apt-get install postgresql, or set ` +
      'WM_TEST_POSTGRES_BIN); the SQLite suites run as usual.',
  );
  return [sqlite];
}

export default defineConfig({
  test: {
    // a file as many as there are cores (vitest's own default keeps one free: on two cores, one file at a time): most
    // files wait on the processes they spawn (the CLI, wm serve) or the database, so a second one fills the wait.
    // 844 s with one on a quiet machine, 752 s with two at a load of 11
    maxWorkers: availableParallelism(),
    // each file on a worker thread rather than a process of its own: the same isolation (a fresh module context a
    // file), without starting a Node and vitest per file. On the codec's 43 files: 65 s of processor time, 88 s in
    // processes. Nothing in the suites needs a process of its own (no chdir, umask or signals; the CLI and the
    // server are spawned as they always were).
    pool: 'threads',
    // CLI tests spawn the built bin/wm.js: the build runs once, before any project's tests (and their setups)
    globalSetup: ['test/global-setup.ts'],
    projects: projects(),
  },
});
