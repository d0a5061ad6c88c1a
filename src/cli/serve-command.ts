import type { Command } from 'commander';
import { DEFAULT_CONFIG as DOMAIN_DEFAULTS } from '../domain/config.js';
import { CONFIG_DEFAULTS as DEFAULTS, type ServeFlags } from '../server/serve-flags.js';
import { DEFAULT_POOL_SIZE } from '../store/database-url.js';

const ENVIRONMENT_HELP = `
Every option can also be set by an environment variable (the flag wins):
  WM_HOST, WM_PORT, WM_HOME, WM_DATABASE_URL, WM_DATABASE_POOL_SIZE, WM_PUBLIC_URL, WM_ACCESS_TTL,
  WM_AUTH_RATE_LIMIT, WM_HASH_CONCURRENCY, WM_HASH_QUEUE, WM_ACCOUNT_DELAY_MAX, WM_WORKERS,
  WM_WORK_QUEUE, WM_WORK_TIMEOUT, WM_WORKER_MEMORY,
  WM_CREDIT_COST, WM_FREE_CREDITS, WM_CHECKOUT_URL, WM_BODY_LIMIT, WM_REQUEST_TIMEOUT,
  WM_HEADERS_TIMEOUT, WM_KEEP_ALIVE_TIMEOUT, WM_MAX_CONNECTIONS, WM_ALLOWED_ORIGINS
  (origins separated by commas), WM_TRUST_PROXY, WM_USAGE_RETENTION, WM_LOG_LEVEL, WM_LOG_FORMAT
Mail: WM_SMTP_URL (smtp://user:pass@host:587) sends through SMTP; without it mail is
appended to outbox.jsonl in the data folder. WM_MAIL_FROM sets the sender.
Metrics: WM_METRICS_TOKEN (16 characters or more) serves GET /metrics (Prometheus) to
requests bearing it (Authorization: Bearer …); without it there is no /metrics.
SIGINT, SIGTERM and SIGHUP stop the server gracefully (in-flight requests finish); a second one exits at once.`;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `wm serve`: defined cheaply here; Fastify, the database and the domain load only when it runs. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (accounts, tokens, channels, credits, watermarking) with docs at /docs')
    .option('--host <host>', `address to listen on (default ${DEFAULTS.host})`)
    .option('--port <port>', `port to listen on; 0 picks a free one (default ${DEFAULTS.port})`)
    .option('--home <dir>', 'data folder: database, master key, outbox (default $WM_HOME or ~/.wm)')
    .option(
      '--database <url>',
      'share a PostgreSQL database with other instances instead of SQLite in the data folder: ' +
        'postgres://user:password@host:5432/name (every instance needs the same WM_MASTER_KEY)',
    )
    .option(
      '--migrate',
      "apply the database's pending migrations before serving (PostgreSQL; without it wm serve refuses to start " +
        'on a database with pending migrations: run wm db migrate)',
    )
    .option(
      '--database-pool-size <n>',
      `connections to PostgreSQL this instance opens at most (default ${DEFAULT_POOL_SIZE})`,
    )
    .option('--public-url <url>', 'base URL used in mailed links (default: the listening address)')
    .option('--access-ttl <seconds>', `access token lifetime (default ${DEFAULTS.accessTtlSeconds})`)
    .option(
      '--auth-rate-limit <n>',
      'password attempts (login, register, password change, account recovery) per client address and minute ' +
        `(default ${DEFAULTS.authRateLimitPerMinute})`,
    )
    .option(
      '--hash-concurrency <n>',
      `password hashes (scrypt, 128 MiB each) run at once (default ${DOMAIN_DEFAULTS.hashConcurrency})`,
    )
    .option(
      '--hash-queue <n>',
      'requests that may wait for a hashing slot; more are refused with 503 ' +
        `(default ${DOMAIN_DEFAULTS.hashQueueLength})`,
    )
    .option(
      '--account-delay-max <seconds>',
      `after ${DOMAIN_DEFAULTS.accountFreeFailures} failed password checks on an account, the wait between further ` +
        `attempts doubles from 1 s up to this (default ${DOMAIN_DEFAULTS.accountMaxDelaySeconds}); addresses that ` +
        'signed in to the account before are not slowed when signing in',
    )
    .option(
      '--workers <n>',
      'worker threads for the work that grows with a request (encode, decode, copies, trace… of large texts); ' +
        '0 runs it on the event loop (default: one per core, os.availableParallelism())',
    )
    .option(
      '--work-queue <n>',
      `jobs that may wait for a worker thread; more are refused with 503 (default ${DEFAULTS.workQueue})`,
    )
    .option(
      '--work-timeout <seconds>',
      "a request's work is stopped after this and answered 503, nothing charged " +
        `(default ${DEFAULTS.workTimeoutSeconds})`,
    )
    .option(
      '--worker-memory <MB>',
      "a worker thread's heap at most; work that needs more is stopped and answered 503 " +
        `(default ${DEFAULTS.workerMemoryMb})`,
    )
    .option(
      '--key-publication <who>',
      'whose signing keys /.well-known/wm-keys.json holds, of the channels that ask: "approval" (those the operator ' +
        'approved with wm channels publish --approve) or "verified" (every account with a verified email address) ' +
        `(default ${DOMAIN_DEFAULTS.keyPublication})`,
    )
    .option(
      '--credit-cost <n>',
      `credits charged per successful watermark operation (default ${DOMAIN_DEFAULTS.creditCost})`,
    )
    .option('--free-credits <n>', `credits granted to every new account (default ${DOMAIN_DEFAULTS.freeCredits})`)
    .option('--checkout-url <url>', 'checkout_url returned with 402 Payment Required (default {public-url}/checkout)')
    .option('--body-limit <bytes>', `largest accepted request body (default ${DEFAULTS.bodyLimitBytes})`)
    .option(
      '--request-timeout <seconds>',
      'a whole request, headers and body, must arrive within this, else 408 ' +
        `(default ${DEFAULTS.requestTimeoutSeconds})`,
    )
    .option(
      '--headers-timeout <seconds>',
      'the request headers must arrive within this; also closes silent connections ' +
        `(default ${DEFAULTS.headersTimeoutSeconds})`,
    )
    .option(
      '--keep-alive-timeout <seconds>',
      `close a kept-alive connection idle this long (default ${DEFAULTS.keepAliveTimeoutSeconds})`,
    )
    .option(
      '--max-connections <n>',
      `open connections at most; more are closed at once (default ${DEFAULTS.maxConnections})`,
    )
    .option(
      '--allowed-origin <origin>',
      "a browser origin besides this server's own that may call the sign-in routes (/api/auth/*) and the " +
        'password change, e.g. https://app.example.org; repeat for several (default: none)',
      collect,
    )
    .option(
      '--trust-proxy <value>',
      'behind a reverse proxy: take the client address from X-Forwarded-For when the peer is trusted: ' +
        'true, or addresses/CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8) (default false)',
    )
    .option(
      '--usage-retention <duration>',
      'delete usage history older than this (90d, 12w, 13mo, 2y) at start and then hourly; balances and quotas ' +
        'stay (default: keep everything)',
    )
    .option('--log-level <level>', `fatal, error, warn, info, debug, trace or silent (default ${DEFAULTS.logLevel})`)
    .option(
      '--log-format <format>',
      'pretty (readable lines) or json (one object per line) (default: pretty on a terminal, json otherwise)',
    )
    .addHelpText('after', ENVIRONMENT_HELP)
    .action(async (flags: ServeFlags) => {
      const { resolveServerConfig, startServer } = await import('../server/index.js');
      const print = (line: string) => process.stdout.write(`${line}\n`);
      await startServer(resolveServerConfig(flags), print);
    });
}
