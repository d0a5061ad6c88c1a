import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the long stress battery and the Chromium checks (rendering, dashboard) have their own npm scripts
    exclude: ['**/node_modules/**', 'test/stress/**', 'test/render/**', 'test/web/e2e/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
