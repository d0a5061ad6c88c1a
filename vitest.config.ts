import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the long stress battery and the Chromium checks (rendering, dashboard) have their own npm scripts
    exclude: ['**/node_modules/**', 'test/stress/**', 'test/render/**', 'test/web/e2e/**'],
    globalSetup: ['test/global-setup.ts'],
    // Timeouts only catch a hang: nothing here is about speed (that is bench/'s job), and on a shared machine under
    // load a test that spawns a dozen CLI processes took over 30 s. Generous limits keep `npm test` passing there.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
