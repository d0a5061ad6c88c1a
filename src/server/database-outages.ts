import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseEvents } from '../store/index.js';

/**
 * The database's outages in the log: one line when it stops answering and one when it is back, however many
 * requests failed in between (each of those is answered 503 without a log line of its own). Until the app's logger
 * exists, lines go to `print`.
 */
export function databaseOutageLog(print: (line: string) => void): {
  events: DatabaseEvents;
  logTo(log: FastifyBaseLogger): void;
} {
  let logger: FastifyBaseLogger | undefined;
  return {
    events: {
      unavailable(error) {
        if (logger) logger.error({ err: error }, 'database unavailable: requests get 503 until it is back');
        else print(`database unavailable: ${error.message}`);
      },
      available(downForMs) {
        const line = `database available again after ${(downForMs / 1000).toFixed(1)} s`;
        if (logger) logger.info({ downForMs }, line);
        else print(line);
      },
    },
    logTo: (log) => void (logger = log),
  };
}
