/**
 * The HTTP client of a wm server: one module for the remote CLI, `wm mcp --server` and their tests. It knows the
 * interface's transport rules (credentials, error bodies, timeouts, safe retries) and nothing of the server's code.
 */
export { WmClient, normaliseServerUrl, type Answer, type RequestOptions, type WmClientOptions } from './client.js';
export * from './errors.js';
export * from './account.js';
