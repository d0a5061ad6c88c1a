/** The watermark operations as one table, and the backends that run them (see ./operations.ts). */
export * from './operations.js';
export type { OperationBackend } from './backend.js';
export { createLocalBackend } from './local-backend.js';
export { createRemoteBackend } from './remote-backend.js';
export { createDomainBackend } from './domain-backend.js';
export * from './failure.js';
