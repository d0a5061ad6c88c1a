import type { FastifyInstance } from 'fastify';
import type { Domain, Retention } from '../domain/index.js';

/** How often a running server deletes the history that has grown older than its retention since the last time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `--usage-retention`: from `start` (once the server listens) prunes at once and then every hour, one run at a
 * time, logging what each run deleted. On close, a run in progress stops after its current batch, and the database
 * closes after it.
 */
export function scheduleUsageRetention(app: FastifyInstance, domain: Domain, retention: Retention): { start(): void } {
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= domain.admin
      .pruneUsage(retention, stop.signal)
      .then(
        ({ cutoff, entriesDeleted, countersDeleted }) => {
          if (entriesDeleted + countersDeleted === 0) return;
          const before = new Date(cutoff).toISOString();
          app.log.info({ entriesDeleted, countersDeleted, before, retention: retention.text }, 'usage history pruned');
        },
        (error: unknown) => app.log.error({ err: error }, 'usage history pruning failed'),
      )
      .finally(() => (running = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  });
  return {
    start: () => {
      timer = setInterval(run, RETENTION_INTERVAL_MS).unref();
      run();
    },
  };
}
