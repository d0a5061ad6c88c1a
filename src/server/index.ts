export { buildApp } from './app.js';
export type { BuildAppOptions } from './app.js';
export { resolveServerConfig, CONFIG_DEFAULTS } from './config.js';
export type { ServerConfig, ServeFlags } from './config.js';
export { startServer } from './start.js';
export type { RunningServer } from './start.js';
