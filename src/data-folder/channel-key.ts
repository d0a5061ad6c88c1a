import { openDomain } from './open-domain.js';

/**
 * The stored key of a user's signing channel, read offline from the database, so `wm encode/decode --channel
 * NAME --user EMAIL` produce and read the same watermarks as the server's keyed tokens. Only reads: a data folder
 * that does not exist is refused, not created.
 */
export async function readChannelKey(options: {
  home?: string;
  /** a PostgreSQL URL; falls back to WM_DATABASE_URL, else SQLite in the data folder */
  database?: string;
  email: string;
  channelName: string;
}): Promise<Uint8Array> {
  const opened = await openDomain({ home: options.home, database: options.database });
  try {
    return await opened.domain.admin.channelKey(options.email, options.channelName);
  } finally {
    await opened.close();
  }
}
