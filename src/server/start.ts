import { join } from 'node:path';
import { openDomain } from '../data-folder/index.js';
import { DATABASE_FILE, ensureDataHome, withoutPassword } from '../store/index.js';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { databaseOutageLog } from './database-outages.js';
import { isWildcardHost, listeningUrl } from './listening-url.js';
import { outboxPathOf } from './mail/index.js';
import { onLauncherExit } from './launcher-exit.js';
import { ensurePortFree } from './port-free.js';
import { prettyLogStream } from './pretty-log.js';
import { scheduleUsageRetention } from './usage-retention.js';
import { describeWork, serverWork } from './work-pool/index.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Refuses a port in use before anything is created, opens the data folder and the database (SQLite: taking the data
 * folder's lock as a server, so that no restore or key rotation replaces the database underneath, then created and
 * migrated; PostgreSQL: refused with pending migrations unless --migrate), refuses a master key that does not open
 * the stored channel keys, listens, stops gracefully on signals, and prints where everything is. The signal
 * handlers are in place before the address is printed: a process without one for SIGHUP dies at once, and whoever
 * read the address may signal it straight away.
 */
export async function startServer(config: ServerConfig, print: (line: string) => void): Promise<RunningServer> {
  await ensurePortFree(config.host, config.port);
  const outages = databaseOutageLog();
  const { work, started } = serverWork(config);
  // the workers start while the database opens; a rejection is read below, after the domain is open
  started.catch(() => {});
  const opened = await openDomain({
    work,
    home: config.home,
    create: true,
    database: config.database,
    migrate: config.migrate,
    poolSize: config.databasePoolSize,
    databaseEvents: outages.events,
    checkMasterKey: true,
    lock: 'server',
    config: {
      accessTokenTtlSeconds: config.accessTtlSeconds,
      passwordAttemptsPerMinute: config.authRateLimitPerMinute,
      // undefined keeps the domain's default
      creditCost: config.creditCost,
      freeCredits: config.freeCredits,
      hashConcurrency: config.hashConcurrency,
      hashQueueLength: config.hashQueueLength,
      accountMaxDelaySeconds: config.accountMaxDelaySeconds,
      keyPublication: config.keyPublication,
    },
  }).catch(async (error: unknown) => {
    await work.close();
    throw error;
  });
  let app;
  try {
    await started;
    // with PostgreSQL the data folder may not exist yet; mail without SMTP goes to its outbox
    if (!config.smtpUrl) ensureDataHome(opened.home);
    const log = {
      level: config.logLevel,
      stream: config.logFormat === 'pretty' ? await prettyLogStream() : undefined,
    };
    // names made by an older release claim their keys before anything is served
    const names = await opened.domain.admin.claimMissingNames();
    app = await buildApp({ domain: opened.domain, dataDir: opened.home, config, log });
    for (const channel of names.withdrawnChannels) {
      app.log.warn(
        { channel },
        'a channel asked for its keys to be published under a signer name like an older channel’s: it no longer ' +
          'asks (its owner chooses another name)',
      );
    }
    outages.logTo(app.log);
    app.addHook('onClose', async () => {
      await work.close();
      await opened.close();
    });
    const retention = config.usageRetention && scheduleUsageRetention(app, opened.domain, config.usageRetention);
    await app.listen({ host: config.host, port: config.port });
    retention?.start();
  } catch (error) {
    if (app) await app.close();
    else await Promise.all([work.close(), opened.close()]);
    throw error;
  }

  const url = listeningUrl(app, config);
  const running = { url, close: () => app.close() };
  closeOnSignals(running, print);
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
      `  workers:     ${describeWork(config)}`,
      ...(config.trustProxy !== false
        ? [`  proxies:     client addresses from X-Forwarded-For (trust: ${String(config.trustProxy)})`]
        : []),
      ...(config.usageRetention
        ? [`  retention:   usage history older than ${config.usageRetention.text} is deleted (at start, then hourly)`]
        : []),
      `  dashboard:   ${url}/  (checker: ${url}/check)`,
      `  docs:        ${url}/docs  (OpenAPI: ${url}/openapi.json)`,
    ].join('\n'),
  );
  return running;
}

/** The signals that stop the server gracefully; wm serve has no configuration file to reload on SIGHUP. */
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * SIGINT, SIGTERM or SIGHUP (a closed terminal), or the end of the npm that started it (launcher-exit.ts): stop
 * accepting connections, let in-flight requests finish, then close the database and release the data folder. A
 * second signal exits at once.
 */
function closeOnSignals(server: RunningServer, print: (line: string) => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals | 'npm exited') => {
    if (closing) {
      print(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    closing = true;
    print(`${signal}: finishing in-flight requests, then closing the database`);
    server.close().then(
      () => {
        for (const stopSignal of STOP_SIGNALS) process.off(stopSignal, onSignal);
        print('wm serve stopped');
      },
      (error: unknown) => {
        print(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  onLauncherExit(() => onSignal('npm exited'));
}
