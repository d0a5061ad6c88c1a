import type { Domain } from '../domain/index.js';
import type { ServerConfig } from './config.js';
import type { Mailer } from './mail/index.js';
import type { Authentication } from './edge/authentication.js';

/** What route groups are built from. */
export interface ServerContext {
  domain: Domain;
  config: ServerConfig;
  mailer: Mailer;
  auth: Authentication;
  /** base of links in mails: --public-url, else the address the server listens on */
  publicUrl: () => string;
  /** where a 402 sends the client to buy credits */
  checkoutUrl: () => string;
}
