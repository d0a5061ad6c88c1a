import { join } from 'node:path';
import { openDomain } from '../domain/index.js';
import { DATABASE_FILE, ensureDataHome, withoutPassword } from '../store/index.js';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { databaseOutageLog } from './database-outages.js';
import { isWildcardHost, listeningUrl } from './listening-url.js';
import { outboxPathOf } from './mail/index.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the data folder and the database (SQLite: created and migrated; PostgreSQL: refused with pending migrations
 * unless --migrate), refuses a master key that does not open the stored channel keys, listens, and prints where
 * everything is.
 */
export async function startServer(config: ServerConfig, print: (line: string) => void): Promise<RunningServer> {
  const outages = databaseOutageLog(print);
  const opened = await openDomain({
    home: config.home,
    create: true,
    database: config.database,
    migrate: config.migrate,
    poolSize: config.databasePoolSize,
    databaseEvents: outages.events,
    checkMasterKey: true,
    config: {
      accessTokenTtlSeconds: config.accessTtlSeconds,
      passwordAttemptsPerMinute: config.authRateLimitPerMinute,
      // undefined keeps the domain's default
      creditCost: config.creditCost,
      freeCredits: config.freeCredits,
      hashConcurrency: config.hashConcurrency,
      hashQueueLength: config.hashQueueLength,
      accountMaxDelaySeconds: config.accountMaxDelaySeconds,
    },
  });
  let app;
  try {
    // with PostgreSQL the data folder may not exist yet; mail without SMTP goes to its outbox
    if (!config.smtpUrl) ensureDataHome(opened.home);
    app = await buildApp({ domain: opened.domain, dataDir: opened.home, config });
    outages.logTo(app.log);
    app.addHook('onClose', async () => opened.close());
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (app) await app.close();
    else await opened.close();
    throw error;
  }

  const url = listeningUrl(app, config);
  const mail = config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : `outbox ${outboxPathOf(opened.home)}`;
  print(
    [
      `wm serve listening on ${url}${isWildcardHost(config.host) ? ` (all interfaces: ${config.host})` : ''}`,
      `  data folder: ${opened.home}`,
      `  database:    ${
        config.database
          ? `${withoutPassword(config.database)} (PostgreSQL, shared)`
          : `${join(opened.home, DATABASE_FILE)} (SQLite)`
      }`,
      `  mail:        ${mail}`,
      ...(config.trustProxy !== false
        ? [`  proxies:     client addresses from X-Forwarded-For (trust: ${String(config.trustProxy)})`]
        : []),
      `  dashboard:   ${url}/  (checker: ${url}/check)`,
      `  docs:        ${url}/docs  (OpenAPI: ${url}/openapi.json)`,
    ].join('\n'),
  );
  return { url, close: () => app.close() };
}

/**
 * SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, then close the database.
 * A second signal exits at once.
 */
export function closeOnSignals(server: RunningServer, print: (line: string) => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      print(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    closing = true;
    print(`${signal}: finishing in-flight requests, then closing the database`);
    server.close().then(
      () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        print('wm serve stopped');
      },
      (error: unknown) => {
        print(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
