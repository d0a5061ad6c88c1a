import { fileURLToPath } from 'node:url';

/** `drizzle/` at the package root: two levels up from both src/store/ (vitest) and dist/store/ (built CLI). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
