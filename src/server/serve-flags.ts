import { DEFAULT_CONFIG as DOMAIN_DEFAULTS } from '../domain/config.js';

// The flags of \`wm serve\` and the server's defaults, apart from config.ts: every \`wm\` command registers the serve
// command and its help, and config.ts loads node:net (and with it the stream modules) for what only a server needs.

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The flags of `wm serve`, as commander hands them over (all strings). */
export interface ServeFlags {
  host?: string;
  port?: string;
  home?: string;
  database?: string;
  migrate?: boolean;
  databasePoolSize?: string;
  publicUrl?: string;
  accessTtl?: string;
  authRateLimit?: string;
  hashConcurrency?: string;
  hashQueue?: string;
  accountDelayMax?: string;
  workers?: string;
  workQueue?: string;
  workTimeout?: string;
  workerMemory?: string;
  keyPublication?: string;
  creditCost?: string;
  freeCredits?: string;
  checkoutUrl?: string;
  bodyLimit?: string;
  requestTimeout?: string;
  headersTimeout?: string;
  keepAliveTimeout?: string;
  maxConnections?: string;
  /** repeatable: commander collects every `--allowed-origin` */
  allowedOrigin?: string[];
  trustProxy?: string;
  usageRetention?: string;
  logLevel?: string;
  logFormat?: string;
}

/** The server's own defaults; those of the rules (lifetimes, limits, credits) are the domain's. */
export const CONFIG_DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  accessTtlSeconds: DOMAIN_DEFAULTS.accessTokenTtlSeconds,
  authRateLimitPerMinute: DOMAIN_DEFAULTS.passwordAttemptsPerMinute,
  bodyLimitBytes: 1024 * 1024,
  requestTimeoutSeconds: 30,
  headersTimeoutSeconds: 10,
  keepAliveTimeoutSeconds: 5,
  maxConnections: 1000,
  workQueue: 64,
  workTimeoutSeconds: 30,
  workerMemoryMb: 512,
  mailFrom: 'wm <no-reply@localhost>',
  logLevel: 'info',
} as const;
