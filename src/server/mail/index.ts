import { join } from 'node:path';
import type { MailLog, Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type { MailLog, MailMessage, Mailer } from './mailer.js';
export { verificationMail } from './verification-mail.js';
export { passwordResetMail } from './recovery-mail.js';
export { createMailQueue, type MailQueue } from './mail-queue.js';

export const OUTBOX_FILE = 'outbox.jsonl';

export function outboxPathOf(dataDir: string): string {
  return join(dataDir, OUTBOX_FILE);
}

/** SMTP when a URL is configured, else the outbox file in the data folder. */
export async function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: MailLog;
}): Promise<Mailer> {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, options.log)
    : createOutboxMailer(outboxPathOf(options.dataDir), options.log);
}
