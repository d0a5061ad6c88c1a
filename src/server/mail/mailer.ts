export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Somewhere mail goes: an SMTP server, or the outbox file when none is configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The subset of a logger mailers use (Fastify's pino logger fits). */
export interface MailLog {
  info(object: object, message: string): void;
}
