import { workspaceSourceAliases } from './test/codec-source.js';
import { defineConfig } from 'vitest/config';

/** The long battery (`npm run test:stress`): real-HTTP concurrency, crashes under load, load runs, big fuzz runs. */
export default defineConfig({
  test: {
    alias: workspaceSourceAliases(),
    include: ['test/stress/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // one at a time: each file loads the machine on its own
    fileParallelism: false,
  },
});
