import type { MailMessage } from './mailer.js';

/** The dashboard's page that takes a new password; the token rides in the fragment, which is never sent to a server. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(options: {
  to: string;
  publicUrl: string;
  token: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: options.to,
    subject: 'Set a new password for wm',
    text: [
      'Hello,',
      '',
      'someone (you, we hope) asked to set a new password for your wm account. To choose one, open this link:',
      '',
      passwordResetLink(options.publicUrl, options.token),
      '',
      `The link works once and expires at ${options.expiresAt.toISOString()}. Setting a new password signs out`,
      'every other session; API tokens keep working.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}
