import { KEY_BYTES } from 'wm-watermark-codec/seal';
import { CliError, EXIT } from '../errors.js';
import { readInputBytes } from './io.js';

/** Where a key may come from. New sources (e.g. a stored channel key) are added here and in resolveKey. */
export interface KeySourceOptions {
  keyFile?: string;
  /** a stored channel of `user`, read from the data folder `home` or the database `database` */
  channel?: string;
  user?: string;
  home?: string;
  database?: string;
}

const HEX_KEY = new RegExp(`^[0-9a-fA-F]{${KEY_BYTES * 2}}$`);
const BASE64_KEY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Accepts exactly KEY_BYTES raw bytes, or (surrounding whitespace ignored) the same bytes as hex or as
 * base64/base64url.
 */
export function parseKeyFile(bytes: Uint8Array, source: string): Uint8Array {
  if (bytes.length === KEY_BYTES) return Uint8Array.from(bytes);
  const text = Buffer.from(bytes).toString('latin1').trim();
  if (HEX_KEY.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'));
  if (BASE64_KEY.test(text)) {
    const decoded = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
    if (decoded.length === KEY_BYTES) return Uint8Array.from(decoded);
  }
  throw new CliError(
    EXIT.USAGE,
    `${source} is not a key file: expected ${KEY_BYTES} raw bytes, ${KEY_BYTES * 2} hex digits ` +
      `or base64 of ${KEY_BYTES} bytes`,
  );
}

async function readKeyFile(file: string): Promise<Uint8Array> {
  if (file === '-') throw new CliError(EXIT.USAGE, '--key-file needs a file name (standard input carries the text)');
  return parseKeyFile(await readInputBytes(file), file);
}

/** The key for keyed mode, or undefined for unkeyed operation. The one place key options are interpreted. */
export async function resolveKey(options: KeySourceOptions): Promise<Uint8Array | undefined> {
  const fromChannel = options.channel !== undefined || options.user !== undefined;
  if (fromChannel && options.keyFile !== undefined) {
    throw new CliError(EXIT.USAGE, 'use either --key-file or --channel/--user, not both');
  }
  if (options.keyFile !== undefined) return readKeyFile(options.keyFile);
  if (fromChannel) {
    if (!options.channel || !options.user)
      throw new CliError(EXIT.USAGE, '--channel NAME and --user EMAIL go together');
    // the database is loaded only when a stored channel key is asked for
    const { readChannelKey } = await import('../../data-folder/channel-key.js');
    return readChannelKey({
      home: options.home,
      database: options.database,
      email: options.user,
      channelName: options.channel,
    });
  }
  return undefined;
}
