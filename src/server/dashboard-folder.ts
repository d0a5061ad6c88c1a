import { fileURLToPath } from 'node:url';

/**
 * dist/web/, where `npm run build` puts the dashboard: two levels up from src/server/ (vitest), dist/server/
 * (compiled) and dist/bundle/ (the CLI bundle `wm serve` runs from) alike, hence this file's place.
 */
export const DASHBOARD_FOLDER = fileURLToPath(new URL('../../dist/web/', import.meta.url));
