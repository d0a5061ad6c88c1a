import type { MailMessage, Mailer } from './mailer.js';

/** Where failures to make or send a queued mail are reported (Fastify's pino logger fits). */
export interface MailQueueLog {
  error(object: object, message: string): void;
}

/**
 * Mail made and sent after the request's answer. The recovery routes answer alike whether or not an account has the
 * address; making the link and talking to the mail server only afterwards keeps their time from telling either.
 */
export interface MailQueue {
  /** Runs `compose` once the current turn of the event loop is over and sends what it makes; failures are logged. */
  post(what: string, compose: () => Promise<MailMessage | undefined>): void;
  /** Resolves once everything posted so far is sent or has failed (closing waits for it, and so do tests). */
  settled(): Promise<void>;
}

export function createMailQueue(mailer: Mailer, log: MailQueueLog): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    post(what, compose) {
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(compose)
        .then((message) => (message ? mailer.send(message) : undefined))
        .catch((error: unknown) => log.error({ err: error }, `${what} could not be sent`))
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
