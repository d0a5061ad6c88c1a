import { basename } from 'node:path';
import { CodecError } from '../../codec/errors.js';
import { parsePrivateKeyPem, parsePublicKeys } from '../../codec/key-files.js';
import { createSigningKey, type SigningKey, type VerifyingKey } from '../../codec/signing.js';
import { CliError, EXIT } from '../errors.js';
import { readInputBytes } from './io.js';

/** Where signing and verifying keys come from on the command line. */
export interface SigningKeyOptions {
  /** Ed25519 private key file (PEM), as `wm keygen --sign` writes */
  signKey?: string;
  /** the signature also covers the visible text */
  bindText?: boolean;
}

export interface VerifyingKeyOptions {
  /** key sets (wm-keys.json) or public key files (name.pub); repeatable */
  keys?: string[];
}

const usage = (error: unknown): unknown =>
  error instanceof CodecError && error.code === 'INVALID_INPUT' ? new CliError(EXIT.USAGE, error.message) : error;

async function readKeyText(file: string, option: string): Promise<string> {
  if (file === '-') throw new CliError(EXIT.USAGE, `${option} needs a file name (standard input carries the text)`);
  return Buffer.from(await readInputBytes(file)).toString('utf8');
}

/** The signing options for the codec: { signingKey, bindText } or nothing when --sign-key is absent. */
export async function resolveSigning(
  options: SigningKeyOptions,
): Promise<{ signingKey?: SigningKey; bindText?: boolean }> {
  if (options.signKey === undefined) {
    if (options.bindText)
      throw new CliError(EXIT.USAGE, '--bind-text binds the text to a signature: it needs --sign-key');
    return {};
  }
  try {
    const seed = parsePrivateKeyPem(await readKeyText(options.signKey, '--sign-key'), options.signKey);
    return { signingKey: createSigningKey(seed), bindText: options.bindText === true };
  } catch (error) {
    throw usage(error);
  }
}

/** The public keys of every --keys file; a name.pub key is named after its file. */
export async function resolveVerifyingKeys(options: VerifyingKeyOptions): Promise<VerifyingKey[]> {
  const keys: VerifyingKey[] = [];
  for (const file of options.keys ?? []) {
    try {
      keys.push(...parsePublicKeys(await readKeyText(file, '--keys'), file, basename(file).replace(/\.pub$/, '')));
    } catch (error) {
      throw usage(error);
    }
  }
  return keys;
}
