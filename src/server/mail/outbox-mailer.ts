import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MailLog, MailMessage, Mailer } from './mailer.js';

/** Without SMTP every message becomes one JSON line {to, subject, text, sentAt} in the outbox file. */
export function createOutboxMailer(outboxPath: string, log: MailLog): Mailer {
  return {
    async send(message: MailMessage) {
      const line = JSON.stringify({
        to: message.to,
        subject: message.subject,
        text: message.text,
        sentAt: new Date().toISOString(),
      });
      await mkdir(dirname(outboxPath), { recursive: true });
      await appendFile(outboxPath, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
      log.info(
        { to: message.to, subject: message.subject, outbox: outboxPath },
        'mail written to outbox (WM_SMTP_URL not set)',
      );
    },
    async close() {},
  };
}
