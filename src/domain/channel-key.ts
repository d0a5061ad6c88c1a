import { openDomain } from './open-domain.js';

/**
 * The stored key of a user's signing channel, read offline from the data folder, so `wm encode/decode --channel
 * NAME --user EMAIL` produce and read the same watermarks as the server's keyed tokens.
 */
export function readChannelKey(options: { home?: string; email: string; channelName: string }): Uint8Array {
  const opened = openDomain({ home: options.home });
  try {
    return opened.domain.admin.channelKey(options.email, options.channelName);
  } finally {
    opened.close();
  }
}
