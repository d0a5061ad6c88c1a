import { fileURLToPath } from 'node:url';

/**
 * The built dashboard: web/ beside the compiled module's own folder (dist/server/, or the bundle/ folder `wm serve`
 * runs from), so that a running server reads the build it started from; run from its TypeScript source (vitest),
 * the published build's dist/web/.
 */
export const DASHBOARD_FOLDER = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../dist/web/' : '../web/', import.meta.url),
);
