import type { TestProject } from 'vitest/node';
import { createMigratedDatabase, startCluster } from './cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the test PostgreSQL server (`postgres://postgres@127.0.0.1:PORT/`); absent in the SQLite project */
    postgresServer: string;
  }
}

/** The database every test database is copied from: migrated once, so a fresh one costs a file copy. */
export const TEMPLATE_DATABASE = 'wm_template';

/** The postgres project's PostgreSQL: one server for the whole run, stopped and removed in teardown. */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startCluster();
  try {
    await createMigratedDatabase(cluster, TEMPLATE_DATABASE);
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  project.provide('postgresServer', cluster.urlOf(''));
  return () => cluster.destroy();
}
