import Fastify, { type FastifyInstance } from 'fastify';
import type { Domain } from '../domain/index.js';
import { resolveServerConfig, type ServerConfig } from './config.js';
import { capConnections, connectionTimeouts } from './connection-limits.js';
import type { ServerContext } from './context.js';
import { registerDashboard } from './dashboard/plugin.js';
import { listeningUrl } from './listening-url.js';
import { loggerOptions } from './logger.js';
import { keepFailuresForDebug, RequestLog } from './edge/request-log.js';
import { registerMetrics } from './metrics.js';
import { createMailQueue, createMailer, type MailQueue, type Mailer } from './mail/index.js';
import { registerApiDocs } from './edge/api-docs.js';
import { registerAuthentication } from './edge/authentication.js';
import { answerClientError } from './edge/client-errors.js';
import { answerFrameworkError, registerErrorHandler } from './edge/error-handler.js';
import { registerGracefulClose } from './edge/graceful-close.js';
import { registerJsonBodies } from './edge/json-bodies.js';
import { registerSecurityHeaders } from './edge/security-headers.js';
import { registerRoutes } from './routes/index.js';
import { createSerializerCompiler } from './serialization.js';
import { createValidatorCompiler } from './validation.js';

export interface BuildAppOptions {
  domain: Domain;
  /** the data folder (the outbox lives there) */
  dataDir: string;
  config?: Partial<ServerConfig>;
  /** defaults to SMTP (config.smtpUrl) or the outbox file */
  mailer?: Mailer;
  /** pino level ('silent' in tests) and an optional destination stream */
  log?: { level: string; stream?: NodeJS.WritableStream };
  /** the clock for Retry-After of an exhausted quota; must be the domain's clock (tests move it) */
  now?: () => Date;
  /** the built dashboard; dist/web/ by default */
  dashboardFolder?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** mail still being made or sent after its request's answer; `settled()` waits for it */
    mailQueue: MailQueue;
  }
}

/** Unset fields take the defaults of `wm serve` (environment variables are not read here). */
function completeConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  return { ...resolveServerConfig({}, {}), ...partial };
}

/** Builds the whole HTTP interface over an opened domain; tests drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = completeConfig(options.config);
  const log = options.log ?? { level: 'info' };
  const debugLogging = ['debug', 'trace'].includes(log.level);
  const app = Fastify({
    logger: loggerOptions(log),
    // one line per request instead of Fastify's two
    logController: new RequestLog(debugLogging),
    bodyLimit: config.bodyLimitBytes,
    // the client address (rate limits, logs) comes from X-Forwarded-For only behind proxies the operator names
    trustProxy: config.trustProxy,
    // bodies never carry prototype tricks into the domain
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    ...connectionTimeouts(config),
    // a client that builds URLs as base + path with a base ending in "/" asks for //api/…
    routerOptions: { ignoreDuplicateSlashes: true },
    // Fastify's own answers to a closing server and to a malformed URL have neither the spec's shape nor our headers
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (debugLogging) keepFailuresForDebug(app);
  capConnections(app, config.maxConnections);
  app.setValidatorCompiler(createValidatorCompiler());
  app.setSerializerCompiler(createSerializerCompiler());

  const publicUrl = () => config.publicUrl ?? listeningUrl(app, config);
  const checkoutUrl = () => config.checkoutUrl ?? `${publicUrl()}/checkout`;
  const mailer =
    options.mailer ??
    (await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: options.dataDir, log: app.log }));
  registerErrorHandler(app, { checkoutUrl, now: options.now });
  registerJsonBodies(app);
  registerGracefulClose(app);
  registerSecurityHeaders(app);
  await registerApiDocs(app);
  const auth = registerAuthentication(app, options.domain);
  const mailQueue = createMailQueue(mailer, app.log);
  app.decorate('mailQueue', mailQueue);
  // its hook must see every route: registered before them
  if (config.metricsToken) registerMetrics(app, options.domain, config.metricsToken);
  const dashboardServed = registerDashboard(app, {
    mailDelivery: config.smtpUrl ? 'smtp' : 'outbox',
    folder: options.dashboardFolder,
  });
  const context: ServerContext = {
    domain: options.domain,
    config,
    mailer,
    mailQueue,
    dashboardServed,
    auth,
    publicUrl,
    checkoutUrl,
  };
  registerRoutes(app, context);

  app.addHook('onClose', async () => {
    await mailQueue.settled();
    if (!options.mailer) await mailer.close();
  });
  return app;
}
