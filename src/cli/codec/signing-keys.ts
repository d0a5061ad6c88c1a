import { basename } from 'node:path';
import { CodecError } from 'wm-watermark-codec/errors';
import { parsePrivateKeyPem, parsePublicKeys } from 'wm-watermark-codec/key-files';
import { createSigningKey, type SigningKey, type VerifyingKey } from 'wm-watermark-codec/signing';
import { CliError, EXIT } from '../errors.js';
import type { FileKey } from './file-key.js';
import { readInputBytes } from './io.js';

/** Where signing and verifying keys come from on the command line. */
export interface SigningKeyOptions {
  /** Ed25519 private key file (PEM), as `wm keygen --sign` writes */
  signKey?: string;
}

export interface VerifyingKeyOptions {
  /** key sets (wm-keys.json: a file or an https:// address) or public key files (name.pub); repeatable */
  keys?: string[];
  /** also fetch key sets from http:// addresses */
  insecure?: boolean;
}

const usage = (error: unknown): unknown =>
  error instanceof CodecError && error.code === 'INVALID_INPUT' ? new CliError(EXIT.USAGE, error.message) : error;

async function readKeyText(file: string, option: string): Promise<string> {
  if (file === '-') throw new CliError(EXIT.USAGE, `${option} needs a file name (standard input carries the text)`);
  return Buffer.from(await readInputBytes(file)).toString('utf8');
}

/** The signing key of --sign-key, or nothing when it is absent (--bind-text without it: the codec refuses). */
export async function resolveSigning(options: SigningKeyOptions): Promise<{ signingKey?: SigningKey }> {
  if (options.signKey === undefined) return {};
  try {
    const seed = parsePrivateKeyPem(await readKeyText(options.signKey, '--sign-key'), options.signKey);
    return { signingKey: createSigningKey(seed) };
  } catch (error) {
    throw usage(error);
  }
}

/** Whether a --keys value is an address (the network code is loaded only for one). */
const isKeySetUrl = (value: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(value);

async function fetchKeySet(address: string, check: (text: string) => unknown, options: VerifyingKeyOptions) {
  const { readKeySetUrl } = await import('./key-set-url.js');
  const note = (line: string) => process.stderr.write(`wm: note: ${line}\n`);
  return readKeySetUrl(address, (text) => void check(text), { insecure: options.insecure, note });
}

/** The public keys of every --keys file as they are; a name.pub key is named after its file. */
export async function readKeyFiles(options: VerifyingKeyOptions): Promise<FileKey[]> {
  const keys: FileKey[] = [];
  for (const file of options.keys ?? []) {
    const parse = (text: string) => parsePublicKeys(text, file, basename(file).replace(/\.pub$/, ''));
    let parsed: VerifyingKey[];
    try {
      parsed = parse(isKeySetUrl(file) ? await fetchKeySet(file, parse, options) : await readKeyText(file, '--keys'));
    } catch (error) {
      throw usage(error);
    }
    // one by one: a key set of 300,000 keys is more arguments than push(...) takes
    for (const key of parsed) keys.push({ ...key, file });
  }
  return keys;
}

/**
 * The keys a verifier uses: every --keys file, refused (exit 2) when they name a signer ambiguously — a key id
 * listed twice, or confusable names of different signers (key-set-check.ts).
 */
export async function resolveVerifyingKeys(options: VerifyingKeyOptions): Promise<FileKey[]> {
  const keys = await readKeyFiles(options);
  if (keys.length > 0) (await import('./key-set-check.js')).refuseAmbiguousKeys(keys);
  return keys;
}
