import type { MailLog, MailMessage, Mailer } from './mailer.js';

/** Mail through the SMTP server of WM_SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export async function createSmtpMailer(smtpUrl: string, from: string, log: MailLog): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  const url = new URL(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      log.info({ to: message.to, subject: message.subject, smtp: `${url.host}` }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
