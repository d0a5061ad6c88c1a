import { workspaceSourceAliases } from './test/codec-source.js';
import { defineConfig } from 'vitest/config';

/** `npm run test:render`: real rendering in Debian's Chromium (apt-get install chromium and the fonts first). */
export default defineConfig({
  test: {
    alias: workspaceSourceAliases(),
    include: ['test/render/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
