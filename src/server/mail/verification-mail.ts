import type { MailMessage } from './mailer.js';

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
}

export function verificationMail(options: {
  to: string;
  username: string;
  publicUrl: string;
  token: string;
  expiresAt: Date;
}): MailMessage {
  const link = verificationLink(options.publicUrl, options.token);
  return {
    to: options.to,
    subject: 'Verify your email address for wm',
    text: [
      `Hello ${options.username},`,
      '',
      'please confirm your email address by opening this link:',
      '',
      link,
      '',
      `The link works once and expires at ${options.expiresAt.toISOString()}.`,
      'Until then, watermark operations are refused. If you did not register, ignore this mail.',
      '',
    ].join('\n'),
  };
}
