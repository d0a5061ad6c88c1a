import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseEvents } from '../store/index.js';

/**
 * The database's outages in the log: one line when it stops answering and one when it is back, however many
 * requests failed in between (each of those is answered 503 without a log line of its own). Until the app's logger
 * exists, start-up is under way, and a database it cannot reach ends it with that error as the one message: the
 * events are not printed then as well.
 */
export function databaseOutageLog(): {
  events: DatabaseEvents;
  logTo(log: FastifyBaseLogger): void;
} {
  let logger: FastifyBaseLogger | undefined;
  return {
    events: {
      unavailable(error) {
        // an expected operational event: the driver's words say why; a stack trace would say nothing more
        const reason = error.cause instanceof Error ? error.cause.message : error.message;
        logger?.error({ reason }, 'database unavailable: requests get 503 until it is back');
      },
      available(downForMs) {
        logger?.info({ downForMs }, `database available again after ${(downForMs / 1000).toFixed(1)} s`);
      },
    },
    logTo: (log) => void (logger = log),
  };
}
