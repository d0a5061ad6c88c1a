import type { Domain } from '../domain/index.js';
import type { ServerConfig } from './config.js';
import type { MailQueue, Mailer } from './mail/index.js';
import type { Authentication } from './edge/authentication.js';

/** What route groups are built from. */
export interface ServerContext {
  domain: Domain;
  config: ServerConfig;
  mailer: Mailer;
  /** mail made and sent after the answer (recovery links) */
  mailQueue: MailQueue;
  /** the dashboard's pages are served: the verification link's browser answer is one of them */
  dashboardServed: boolean;
  auth: Authentication;
  /** base of links in mails: --public-url, else the address the server listens on */
  publicUrl: () => string;
  /** where a 402 sends the client to buy credits */
  checkoutUrl: () => string;
}
