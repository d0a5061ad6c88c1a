import { randomBytes } from 'node:crypto';
import { KEY_BYTES } from 'wm-watermark-codec/seal';
import { CliError, EXIT } from '../errors.js';
import { ioFailure, writeFileAtomic, writeOutput } from './io.js';

export interface KeygenCommandOptions {
  out?: string;
  force?: boolean;
  /** an Ed25519 signing key pair instead of an AES key */
  sign?: boolean;
}

const OWNER_ONLY = 0o600;

/** A new random key in the on-disk format parseKeyFile (key.ts) reads: lowercase hex and one newline. */
function newKeyFileContent(): string {
  return `${randomBytes(KEY_BYTES).toString('hex')}\n`;
}

const existsMessage = (file: string, what: string): string =>
  `${file} already exists; use --force to replace it (${what})`;

/** Which files a keygen wrote, for the person who ran it (stdout stays what a script reads: nothing, or the key id). */
const tellWritten = (files: string): void => void process.stderr.write(`Wrote ${files}.\n`);

export async function runKeygen(options: KeygenCommandOptions): Promise<void> {
  if (options.sign) return writeSigningKeyPair(options);
  const content = newKeyFileContent();
  if (options.out === undefined || options.out === '-') return writeOutput(content, undefined);
  try {
    await writeFileAtomic(options.out, content, { mode: OWNER_ONLY, replace: options.force === true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CliError(EXIT.USAGE, existsMessage(options.out, 'watermarks made with the old key need it to decode'));
    }
    throw ioFailure('write', options.out, error);
  }
  tellWritten(`${options.out} (the key, mode 0600, for --key-file: keep it secret)`);
}

/** name.key → name.pub; any other name gets .pub added. */
export const publicKeyPathOf = (privateKeyPath: string): string => `${privateKeyPath.replace(/\.key$/, '')}.pub`;

/**
 * An Ed25519 key pair: the private key (PEM, mode 0600) at --out and the public key beside it (name.pub). Prints
 * the key id, and on stderr the files written. Both files are written, or neither.
 */
async function writeSigningKeyPair(options: KeygenCommandOptions): Promise<void> {
  const out = options.out;
  if (out === undefined || out === '-') {
    throw new CliError(EXIT.USAGE, 'wm keygen --sign needs -o NAME.key: it writes NAME.key and NAME.pub');
  }
  // a private key in a file named like a public one is one careless upload from being published
  if (/\.pub$/i.test(out)) {
    throw new CliError(
      EXIT.USAGE,
      `-o names the private key file: ${out} would hold it; give NAME.key (NAME.pub follows)`,
    );
  }
  const [{ createSigningKey, newSigningSeed }, { privateKeyPem, publicKeyPem }] = await Promise.all([
    import('wm-watermark-codec/signing'),
    import('wm-watermark-codec/key-files'),
  ]);
  const seed = newSigningSeed();
  const key = createSigningKey(seed);
  const publicPath = publicKeyPathOf(out);
  const replace = options.force === true;
  const write = async (path: string, content: string, mode: number | undefined): Promise<void> => {
    try {
      await writeFileAtomic(path, content, { mode, replace });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new CliError(EXIT.USAGE, existsMessage(path, 'marks signed with the old key name its key id'));
      }
      throw ioFailure('write', path, error);
    }
  };
  await write(out, privateKeyPem(seed), OWNER_ONLY);
  try {
    await write(publicPath, publicKeyPem(key.publicKey), 0o644);
  } catch (error) {
    // no half pair: without its public key a new private key only replaces (or shadows) the old one
    if (!replace) await (await import('node:fs/promises')).unlink(out).catch(() => undefined);
    throw error;
  }
  tellWritten(
    `${out} (the private key, mode 0600, for --sign-key: keep it secret) and ${publicPath} (the public key, for ` +
      '--keys: give it to whoever checks your marks)',
  );
  await writeOutput(`${key.keyId}\n`, undefined);
}
