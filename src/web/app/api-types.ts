/** The shapes of the API's responses the dashboard reads: derived from the server's schemas (src/api/types.ts). */
export type * from '../../api/types.js';
