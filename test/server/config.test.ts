import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { WM_BIN } from './serve-process.js';
import { DEFAULT_CONFIG } from '../../src/domain/index.js';
import { CONFIG_DEFAULTS, resolveServerConfig } from '../../src/server/index.js';

describe('wm serve configuration', () => {
  it('defaults serve a newcomer on 127.0.0.1:8080', () => {
    expect(resolveServerConfig({}, {}, false)).toEqual({
      host: '127.0.0.1',
      port: 8080,
      home: undefined,
      database: undefined,
      migrate: false,
      databasePoolSize: undefined,
      publicUrl: undefined,
      accessTtlSeconds: 7200,
      authRateLimitPerMinute: CONFIG_DEFAULTS.authRateLimitPerMinute,
      hashConcurrency: undefined,
      hashQueueLength: undefined,
      accountMaxDelaySeconds: undefined,
      workers: availableParallelism(),
      workQueue: 64,
      workTimeoutSeconds: 30,
      workerMemoryMb: 512,
      keyPublication: 'approval',
      creditCost: undefined,
      freeCredits: undefined,
      checkoutUrl: undefined,
      bodyLimitBytes: 1_048_576,
      requestTimeoutSeconds: 30,
      headersTimeoutSeconds: 10,
      keepAliveTimeoutSeconds: 5,
      maxConnections: 1000,
      allowedOrigins: [],
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: CONFIG_DEFAULTS.mailFrom,
      metricsToken: undefined,
      usageRetention: undefined,
      logLevel: 'info',
      logFormat: 'json',
    });
    // a person at a terminal reads lines, not JSON
    expect(resolveServerConfig({}, {}, true).logFormat).toBe('pretty');
  });

  it('reads every WM_* variable; a flag wins over its variable', () => {
    const env = {
      WM_HOST: '0.0.0.0',
      WM_PORT: '9000',
      WM_HOME: '/srv/wm',
      WM_DATABASE_URL: 'postgres://wm:pw@db:5432/wm',
      WM_DATABASE_POOL_SIZE: '20',
      WM_PUBLIC_URL: 'https://wm.example.org/',
      WM_ACCESS_TTL: '600',
      WM_AUTH_RATE_LIMIT: '5',
      WM_HASH_CONCURRENCY: '3',
      WM_HASH_QUEUE: '0',
      WM_ACCOUNT_DELAY_MAX: '300',
      WM_WORKERS: '0',
      WM_WORK_QUEUE: '8',
      WM_WORK_TIMEOUT: '10',
      WM_WORKER_MEMORY: '256',
      WM_KEY_PUBLICATION: 'verified',
      WM_CREDIT_COST: '2',
      WM_FREE_CREDITS: '50',
      WM_CHECKOUT_URL: 'https://shop.example.org/buy',
      WM_BODY_LIMIT: '65536',
      WM_REQUEST_TIMEOUT: '60',
      WM_HEADERS_TIMEOUT: '20',
      WM_KEEP_ALIVE_TIMEOUT: '65',
      WM_MAX_CONNECTIONS: '5000',
      WM_ALLOWED_ORIGINS: 'https://App.Example.org:443/, http://localhost:5173',
      WM_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
      WM_SMTP_URL: 'smtp://mail:25',
      WM_MAIL_FROM: 'wm <wm@example.org>',
      WM_METRICS_TOKEN: 'a-long-enough-scrape-secret',
      WM_USAGE_RETENTION: '13mo',
      WM_LOG_LEVEL: 'warn',
      WM_LOG_FORMAT: 'json',
    };
    expect(resolveServerConfig({}, env, true)).toEqual({
      host: '0.0.0.0',
      port: 9000,
      home: '/srv/wm',
      database: 'postgres://wm:pw@db:5432/wm',
      migrate: false,
      databasePoolSize: 20,
      publicUrl: 'https://wm.example.org',
      accessTtlSeconds: 600,
      authRateLimitPerMinute: 5,
      hashConcurrency: 3,
      hashQueueLength: 0,
      accountMaxDelaySeconds: 300,
      workers: 0,
      workQueue: 8,
      workTimeoutSeconds: 10,
      workerMemoryMb: 256,
      keyPublication: 'verified',
      creditCost: 2,
      freeCredits: 50,
      checkoutUrl: 'https://shop.example.org/buy',
      bodyLimitBytes: 65536,
      requestTimeoutSeconds: 60,
      headersTimeoutSeconds: 20,
      keepAliveTimeoutSeconds: 65,
      maxConnections: 5000,
      allowedOrigins: ['https://app.example.org', 'http://localhost:5173'],
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'wm <wm@example.org>',
      metricsToken: 'a-long-enough-scrape-secret',
      usageRetention: { amount: 13, unit: 'mo', text: '13mo' },
      logLevel: 'warn',
      logFormat: 'json',
    });
    expect(resolveServerConfig({ usageRetention: '90d', logLevel: 'debug', logFormat: 'pretty' }, env)).toMatchObject({
      usageRetention: { amount: 90, unit: 'd' },
      logLevel: 'debug',
      logFormat: 'pretty',
    });
    expect(
      resolveServerConfig(
        {
          port: '0',
          creditCost: '0',
          trustProxy: 'true',
          hashConcurrency: '1',
          hashQueue: '4',
          accountDelayMax: '5',
          keyPublication: 'approval',
          workers: '3',
          workTimeout: '120',
        },
        env,
      ),
    ).toMatchObject({
      port: 0,
      creditCost: 0,
      trustProxy: true,
      hashConcurrency: 1,
      hashQueueLength: 4,
      accountMaxDelaySeconds: 5,
      keyPublication: 'approval',
      workers: 3,
      workTimeoutSeconds: 120,
    });
    expect(resolveServerConfig({}, { WM_TRUST_PROXY: 'loopback,::1' }).trustProxy).toEqual(['loopback', '::1']);
    expect(
      resolveServerConfig({ database: 'postgresql://other/wm', migrate: true, databasePoolSize: '3' }, env),
    ).toMatchObject({ database: 'postgresql://other/wm', migrate: true, databasePoolSize: 3 });
    const flags = {
      requestTimeout: '45',
      headersTimeout: '5',
      keepAliveTimeout: '2',
      maxConnections: '50',
      allowedOrigin: ['https://a.example'],
    };
    expect(resolveServerConfig(flags, env)).toMatchObject({
      requestTimeoutSeconds: 45,
      headersTimeoutSeconds: 5,
      keepAliveTimeoutSeconds: 2,
      maxConnections: 50,
      allowedOrigins: ['https://a.example'],
    });
  });

  it('names the bad setting in its error', () => {
    expect(() => resolveServerConfig({ port: 'eighty' }, {})).toThrow(/--port must be a whole number/);
    expect(() => resolveServerConfig({}, { WM_PORT: '70000' })).toThrow(/WM_PORT must be between 0 and 65535/);
    expect(() => resolveServerConfig({ publicUrl: 'wm.example.org' }, {})).toThrow(
      /--public-url must be an absolute URL/,
    );
    expect(() => resolveServerConfig({}, { WM_BODY_LIMIT: '10' })).toThrow(/WM_BODY_LIMIT/);
    expect(() => resolveServerConfig({ trustProxy: 'proxy.example.org' }, {})).toThrow(
      /--trust-proxy must be true, false/,
    );
    expect(() => resolveServerConfig({}, { WM_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/WM_TRUST_PROXY/);
    expect(() => resolveServerConfig({ requestTimeout: '0' }, {})).toThrow(/--request-timeout must be between 1 and/);
    expect(() => resolveServerConfig({ maxConnections: 'many' }, {})).toThrow(
      /--max-connections must be a whole number/,
    );
    expect(() => resolveServerConfig({ headersTimeout: '40' }, {})).toThrow(
      /headers timeout \(40 s\) must not exceed the request timeout \(30 s\)/,
    );
    for (const origin of ['app.example.org', 'https://app.example.org/path', 'ftp://app.example.org', '*', 'null']) {
      expect(() => resolveServerConfig({ allowedOrigin: [origin] }, {}), origin).toThrow(
        /--allowed-origin must be an origin/,
      );
    }
    expect(() => resolveServerConfig({}, { WM_ALLOWED_ORIGINS: 'https://ok.example,nope' })).toThrow(
      /WM_ALLOWED_ORIGINS/,
    );
    expect(() => resolveServerConfig({ usageRetention: '90' }, {})).toThrow(/--usage-retention must be a duration/);
    expect(() => resolveServerConfig({}, { WM_USAGE_RETENTION: '1h' })).toThrow(/WM_USAGE_RETENTION must be a/);
    expect(() => resolveServerConfig({ workTimeout: '0' }, {})).toThrow(/--work-timeout must be between 1 and/);
    expect(() => resolveServerConfig({}, { WM_WORKER_MEMORY: '32' })).toThrow(/WM_WORKER_MEMORY must be between 64/);
    expect(() => resolveServerConfig({ logLevel: 'verbose' }, {})).toThrow(/--log-level must be one of fatal, error/);
    expect(() => resolveServerConfig({}, { WM_LOG_FORMAT: 'xml' })).toThrow(
      /WM_LOG_FORMAT must be one of json, pretty/,
    );
  });

  it('wm serve --help names every limit with the default the configuration uses', () => {
    const help = spawnSync(process.execPath, [WM_BIN, 'serve', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    const text = help.stdout.replace(/\s+/g, ' ');
    for (const [flag, value] of [
      ['--request-timeout <seconds>', CONFIG_DEFAULTS.requestTimeoutSeconds],
      ['--headers-timeout <seconds>', CONFIG_DEFAULTS.headersTimeoutSeconds],
      ['--keep-alive-timeout <seconds>', CONFIG_DEFAULTS.keepAliveTimeoutSeconds],
      ['--max-connections <n>', CONFIG_DEFAULTS.maxConnections],
      ['--body-limit <bytes>', CONFIG_DEFAULTS.bodyLimitBytes],
      ['--access-ttl <seconds>', DEFAULT_CONFIG.accessTokenTtlSeconds],
      ['--auth-rate-limit <n>', DEFAULT_CONFIG.passwordAttemptsPerMinute],
      ['--hash-concurrency <n>', DEFAULT_CONFIG.hashConcurrency],
      ['--hash-queue <n>', DEFAULT_CONFIG.hashQueueLength],
      ['--credit-cost <n>', DEFAULT_CONFIG.creditCost],
      ['--free-credits <n>', DEFAULT_CONFIG.freeCredits],
      ['--work-queue <n>', CONFIG_DEFAULTS.workQueue],
      ['--work-timeout <seconds>', CONFIG_DEFAULTS.workTimeoutSeconds],
      ['--worker-memory <MB>', CONFIG_DEFAULTS.workerMemoryMb],
    ] as const) {
      // the option's own help: from its flag up to the next option
      const own = text.slice(text.indexOf(flag)).split(/ --[a-z]/)[0];
      expect(own, flag).toContain(`(default ${value})`);
    }
    expect(text).toContain('--allowed-origin <origin>');
    expect(text).toContain('WM_ALLOWED_ORIGINS');
  });
});
