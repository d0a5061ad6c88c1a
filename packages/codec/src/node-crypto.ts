import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

/**
 * node:crypto, loaded on first use: loading it is a noticeable share of a whole `wm decode` process, and only keyed
 * marks and robust encode need it (docs/PERFORMANCE.md, CLI cold start).
 */
export const nodeCrypto = (): NodeCrypto => (loaded ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto);
