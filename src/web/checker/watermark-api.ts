import { signal } from '@preact/signals';
import { request } from '../app/api.js';
import type { ApiToken } from '../app/api-types.js';
import { api, sessionState } from '../app/session.js';
import { API_PATHS, pathWith } from '../../api/paths.js';
import type { WatermarkEndpoints } from '../app/api-types.js';

/**
 * The API token pasted into the checker by someone not signed in, for keyed (channel) operations on the server.
 * Memory only: gone on reload, never stored, never put in a URL.
 */
export const checkerToken = signal('');
/** The id of the signed-in person's token the checker runs as (they never hold its secret here). */
export const checkerTokenId = signal('');
/** That token as the API lists it (whether it signs, encrypts); null while none is picked or signed out. */
export const pickedToken = signal<ApiToken | null>(null);

/** Whether a server operation can be sent: a token picked (signed in) or pasted (signed out). */
export const hasServerCredential = (): boolean =>
  sessionState.value === 'signed-in' ? checkerTokenId.value !== '' : checkerToken.value.trim() !== '';

/**
 * A watermark operation on the server, charged as usual: signed in, with the session as the picked token;
 * signed out, with the pasted token. Its body and answer are its row's (src/api/types.ts).
 */
export function watermarkRequest<K extends keyof WatermarkEndpoints>(
  operation: K,
  body: WatermarkEndpoints[K]['body'],
): Promise<WatermarkEndpoints[K]['answer']> {
  type T = WatermarkEndpoints[K]['answer'];
  if (sessionState.value === 'signed-in') {
    return api<T>('POST', pathWith(API_PATHS.tokenWatermark, { tokenId: checkerTokenId.value }) + operation, {
      body,
    });
  }
  return request<T>('POST', API_PATHS.watermark + operation, { body, bearer: checkerToken.value.trim() });
}
