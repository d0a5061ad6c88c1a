import type { MailMessage } from './mailer.js';

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * The mail that confirms an address. It goes to whatever address was typed at sign-up, so it carries no text the
 * person signing up chose (a username such as "Security team: your account is locked, restore at https://…" would
 * be quoted to a stranger): only wm's own words, the link and its expiry. The password-reset mail follows the same
 * rule.
 */
export function verificationMail(options: {
  to: string;
  publicUrl: string;
  token: string;
  expiresAt: Date;
}): MailMessage {
  const link = verificationLink(options.publicUrl, options.token);
  return {
    to: options.to,
    subject: 'Verify your email address for wm',
    text: [
      'Hello,',
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
