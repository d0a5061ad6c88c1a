import { signal } from '@preact/signals';
import { request } from '../app/api.js';

/**
 * The API token pasted into the checker, for keyed (channel) operations on the server. Memory only: gone on reload,
 * never stored, never put in a URL.
 */
export const checkerToken = signal('');

/** A watermark operation on the server with the pasted token (charged as usual). */
export function watermarkRequest<T>(operation: string, body: unknown): Promise<T> {
  return request<T>('POST', `/api/watermark/${operation}`, { body, bearer: checkerToken.value.trim() });
}
