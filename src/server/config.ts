import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { DEFAULT_CONFIG as DOMAIN_DEFAULTS, KEY_PUBLICATIONS, type KeyPublication } from '../domain/config.js';
import { parseRetention, type Retention } from '../domain/retention.js';
import { namedDataHome } from '../store/data-folder.js';
import { resolveDatabaseUrl } from '../store/database-url.js';
import { CONFIG_DEFAULTS, LOG_LEVELS, type LogLevel, type ServeFlags } from './serve-flags.js';

export { CONFIG_DEFAULTS, LOG_LEVELS, type LogLevel, type ServeFlags } from './serve-flags.js';

/**
 * Which peers may tell the client address in X-Forwarded-For (Fastify's `trustProxy`): false (the default)
 * trusts none, true every peer, a list these addresses, CIDR ranges or the names loopback, linklocal and
 * uniquelocal. (Fastify 5 trusts no one for a bare hop count, since the peer itself could not be checked.)
 */
export type TrustProxy = boolean | string[];

/** Everything `wm serve` can be told, from flags first, then environment variables, then defaults. */
export interface ServerConfig {
  host: string;
  port: number;
  /** data folder; undefined lets the store choose its documented default */
  home: string | undefined;
  /** a PostgreSQL URL shared with other instances; undefined: SQLite in the data folder */
  database: string | undefined;
  /** apply the database's pending migrations at start instead of refusing them (PostgreSQL) */
  migrate: boolean;
  /** connections to PostgreSQL this process opens at most; undefined keeps the store's default */
  databasePoolSize: number | undefined;
  /** base of links in mails; undefined means "the address the server listens on" */
  publicUrl: string | undefined;
  accessTtlSeconds: number;
  /** password attempts (login, register, password change) per client address and minute */
  authRateLimitPerMinute: number;
  /** password hashes run at once; undefined keeps the domain's default */
  hashConcurrency: number | undefined;
  /** requests that may wait for a hashing slot before 503; undefined keeps the domain's default */
  hashQueueLength: number | undefined;
  /** the longest wait between attempts on an account under attack; undefined keeps the domain's default */
  accountMaxDelaySeconds: number | undefined;
  /** worker threads that run the work growing with a request's input; 0 runs it on the event loop */
  workers: number;
  /** jobs that may wait for a worker; beyond, 503 with Retry-After at once */
  workQueue: number;
  /** a request's work is stopped after this (503), counted from its first job handed to a worker */
  workTimeoutSeconds: number;
  /** a worker's heap at most; a job that needs more is stopped (503) and the worker replaced */
  workerMemoryMb: number;
  /** whose signing keys the key set holds: approved channels, or those of every verified account */
  keyPublication: KeyPublication;
  /** credits per successful watermark operation; undefined keeps the domain's default */
  creditCost: number | undefined;
  /** credits granted to a new account; undefined keeps the domain's default */
  freeCredits: number | undefined;
  /** sent with 402; undefined means `{public-url}/checkout` */
  checkoutUrl: string | undefined;
  bodyLimitBytes: number;
  /** a whole request (headers and body) must arrive within this; then 408 and the connection closes */
  requestTimeoutSeconds: number;
  /** the headers of a request must arrive within this (≤ requestTimeoutSeconds); also ends silent new connections */
  headersTimeoutSeconds: number;
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutSeconds: number;
  /** open connections at most; further ones are closed as soon as they are accepted */
  maxConnections: number;
  /**
   * origins other than the server's own that may call the sign-in routes from a browser (exact `scheme://host[:port]`)
   */
  allowedOrigins: string[];
  trustProxy: TrustProxy;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** the bearer secret of GET /metrics (WM_METRICS_TOKEN); undefined: no metrics route at all */
  metricsToken: string | undefined;
  /** usage history older than this is deleted at start and then hourly; undefined keeps it all */
  usageRetention: Retention | undefined;
  /** pino's level: fatal, error, warn, info, debug, trace or silent */
  logLevel: LogLevel;
  /** `pretty`: one readable line per entry, for a person at a terminal; `json`: one JSON object per line */
  logFormat: 'json' | 'pretty';
}

function choiceSetting<T extends string>(name: string, raw: string | undefined, choices: readonly T[]): T | undefined {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return value as T;
}

function integerSetting(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function urlSetting(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function trustProxySetting(name: string, raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined || entries.length === 0) {
    throw new Error(`${name} must be true, false, or addresses/CIDR ranges separated by commas, got "${raw}"`);
  }
  return entries;
}

/** `https://Example.org:443/` → `https://example.org`: the form browsers send in `Origin`. */
function originSetting(name: string, raw: string): string {
  const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : undefined;
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `${name} must be an origin such as https://app.example.org (scheme, host and port only), got "${raw}"`,
    );
  }
  return url.origin;
}

function originsSetting(name: string, raw: string[] | string | undefined): string[] {
  const entries = (Array.isArray(raw) ? raw : (raw ?? '').split(',')).map((entry) => entry.trim()).filter(Boolean);
  return [...new Set(entries.map((entry) => originSetting(name, entry)))];
}

const nonEmpty = (raw: string | undefined): string | undefined => (raw && raw.trim() !== '' ? raw.trim() : undefined);

/**
 * Resolves the configuration; throws an Error with a one-line message naming the bad setting. Logs are readable
 * lines when standard output is a terminal, JSON otherwise (files, pipes, journald), unless the log format is given.
 */
export function resolveServerConfig(
  flags: ServeFlags,
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = process.stdout.isTTY === true,
): ServerConfig {
  const pick = (flag: string | undefined, envName: string): [string, string | undefined] =>
    flag !== undefined ? [`--${flagName(envName)}`, flag] : [envName, env[envName]];
  const int = (flag: string | undefined, envName: string, min: number, max: number) =>
    integerSetting(...pick(flag, envName), min, max);
  const url = (flag: string | undefined, envName: string) => urlSetting(...pick(flag, envName));

  const database = resolveDatabaseUrl(flags.database, env);
  return {
    host: nonEmpty(pick(flags.host, 'WM_HOST')[1]) ?? CONFIG_DEFAULTS.host,
    port: int(flags.port, 'WM_PORT', 0, 65535) ?? CONFIG_DEFAULTS.port,
    // the store reads WM_HOME, as for every other command
    home: namedDataHome(nonEmpty(flags.home), env),
    database,
    migrate: flags.migrate === true,
    databasePoolSize: poolSize(database, int(flags.databasePoolSize, 'WM_DATABASE_POOL_SIZE', 1, 10_000)),
    publicUrl: url(flags.publicUrl, 'WM_PUBLIC_URL'),
    accessTtlSeconds: int(flags.accessTtl, 'WM_ACCESS_TTL', 1, 365 * 24 * 3600) ?? CONFIG_DEFAULTS.accessTtlSeconds,
    authRateLimitPerMinute:
      int(flags.authRateLimit, 'WM_AUTH_RATE_LIMIT', 1, 1_000_000) ?? CONFIG_DEFAULTS.authRateLimitPerMinute,
    hashConcurrency: int(flags.hashConcurrency, 'WM_HASH_CONCURRENCY', 1, 64),
    hashQueueLength: int(flags.hashQueue, 'WM_HASH_QUEUE', 0, 100_000),
    accountMaxDelaySeconds: int(flags.accountDelayMax, 'WM_ACCOUNT_DELAY_MAX', 1, 24 * 3600),
    workers: int(flags.workers, 'WM_WORKERS', 0, 256) ?? availableParallelism(),
    workQueue: int(flags.workQueue, 'WM_WORK_QUEUE', 0, 100_000) ?? CONFIG_DEFAULTS.workQueue,
    workTimeoutSeconds: int(flags.workTimeout, 'WM_WORK_TIMEOUT', 1, 3600) ?? CONFIG_DEFAULTS.workTimeoutSeconds,
    workerMemoryMb: int(flags.workerMemory, 'WM_WORKER_MEMORY', 64, 64 * 1024) ?? CONFIG_DEFAULTS.workerMemoryMb,
    keyPublication:
      choiceSetting(...pick(flags.keyPublication, 'WM_KEY_PUBLICATION'), KEY_PUBLICATIONS) ??
      DOMAIN_DEFAULTS.keyPublication,
    creditCost: int(flags.creditCost, 'WM_CREDIT_COST', 0, 1_000_000),
    freeCredits: int(flags.freeCredits, 'WM_FREE_CREDITS', 0, 1_000_000_000),
    checkoutUrl: url(flags.checkoutUrl, 'WM_CHECKOUT_URL'),
    bodyLimitBytes: int(flags.bodyLimit, 'WM_BODY_LIMIT', 1024, 1024 * 1024 * 1024) ?? CONFIG_DEFAULTS.bodyLimitBytes,
    ...timeouts(
      int(flags.requestTimeout, 'WM_REQUEST_TIMEOUT', 1, MAX_TIMEOUT_SECONDS) ?? CONFIG_DEFAULTS.requestTimeoutSeconds,
      int(flags.headersTimeout, 'WM_HEADERS_TIMEOUT', 1, MAX_TIMEOUT_SECONDS) ?? CONFIG_DEFAULTS.headersTimeoutSeconds,
    ),
    keepAliveTimeoutSeconds:
      int(flags.keepAliveTimeout, 'WM_KEEP_ALIVE_TIMEOUT', 1, MAX_TIMEOUT_SECONDS) ??
      CONFIG_DEFAULTS.keepAliveTimeoutSeconds,
    maxConnections: int(flags.maxConnections, 'WM_MAX_CONNECTIONS', 1, 1_000_000) ?? CONFIG_DEFAULTS.maxConnections,
    allowedOrigins:
      flags.allowedOrigin !== undefined && flags.allowedOrigin.length > 0
        ? originsSetting('--allowed-origin', flags.allowedOrigin)
        : originsSetting('WM_ALLOWED_ORIGINS', env.WM_ALLOWED_ORIGINS),
    trustProxy: trustProxySetting(...pick(flags.trustProxy, 'WM_TRUST_PROXY')),
    smtpUrl: nonEmpty(env.WM_SMTP_URL),
    mailFrom: nonEmpty(env.WM_MAIL_FROM) ?? CONFIG_DEFAULTS.mailFrom,
    metricsToken: metricsToken(nonEmpty(env.WM_METRICS_TOKEN)),
    usageRetention: retentionSetting(...pick(flags.usageRetention, 'WM_USAGE_RETENTION')),
    logLevel: choiceSetting(...pick(flags.logLevel, 'WM_LOG_LEVEL'), LOG_LEVELS) ?? CONFIG_DEFAULTS.logLevel,
    logFormat:
      choiceSetting(...pick(flags.logFormat, 'WM_LOG_FORMAT'), ['json', 'pretty'] as const) ??
      (stdoutIsTerminal ? 'pretty' : 'json'),
  };
}

const MAX_TIMEOUT_SECONDS = 24 * 60 * 60;

/** A secret, so only in the environment (a flag would show in the process list); long enough not to be guessed. */
function metricsToken(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < METRICS_TOKEN_MIN) {
    throw new Error(`WM_METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters (e.g. openssl rand -hex 16)`);
  }
  return value;
}

const METRICS_TOKEN_MIN = 16;

/** A pool size means something only for PostgreSQL: SQLite has one connection per process. */
function poolSize(database: string | undefined, size: number | undefined): number | undefined {
  if (size !== undefined && database === undefined) {
    throw new Error(
      '--database-pool-size (WM_DATABASE_POOL_SIZE) applies to a PostgreSQL database only ' +
        '(--database or WM_DATABASE_URL)',
    );
  }
  return size;
}

function retentionSetting(name: string, raw: string | undefined): Retention | undefined {
  const value = nonEmpty(raw);
  return value === undefined ? undefined : parseRetention(value, name);
}

/** The headers arrive as part of the request, so their limit cannot be the longer one (Node refuses that too). */
function timeouts(requestTimeoutSeconds: number, headersTimeoutSeconds: number) {
  if (headersTimeoutSeconds > requestTimeoutSeconds) {
    throw new Error(
      `the headers timeout (${headersTimeoutSeconds} s) must not exceed ` +
        `the request timeout (${requestTimeoutSeconds} s)`,
    );
  }
  return { requestTimeoutSeconds, headersTimeoutSeconds };
}

/** WM_ACCESS_TTL → access-ttl */
function flagName(envName: string): string {
  return envName.replace(/^WM_/, '').toLowerCase().replace(/_/g, '-');
}
