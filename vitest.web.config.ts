import { workspaceSourceAliases } from './test/codec-source.js';
import { defineConfig } from 'vitest/config';

/** `npm run test:web`: the dashboard and checker end to end in Debian's Chromium against a real `wm serve`. */
export default defineConfig({
  test: {
    alias: workspaceSourceAliases(),
    include: ['test/web/e2e/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
