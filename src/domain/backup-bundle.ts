import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { BackupError } from './backup-error.js';

/**
 * A backup bundle (`wm db backup --with-key`): the master key and the database in one file, encrypted under a
 * passphrase. Layout (docs/SERVER.md, "Backup bundle format"):
 *
 *   0   8  magic "WMBACKUP"
 *   8   1  format version (1)
 *   9   1  scrypt log2(N)     10  1  scrypt r     11  1  scrypt p
 *   12 16  scrypt salt
 *   28 12  AES-256-GCM nonce
 *   40  …  ciphertext of: master key (32 bytes) ‖ the SQLite database file
 *   end 16 GCM tag
 *
 * The key is scrypt(passphrase in NFKC, salt, 32 bytes); the 40 header bytes are the associated data, so no
 * parameter can be changed unnoticed.
 */
const MAGIC = Buffer.from('WMBACKUP', 'ascii');
const VERSION = 1;
const HEADER_BYTES = 40;
const TAG_BYTES = 16;
const MASTER_KEY_BYTES = 32;
/** OWASP's first scrypt row (N=2^17, r=8, p=1: 128 MiB, a few hundred ms): a bundle is attacked offline. */
const WRITE_PARAMS = { logN: 17, r: 8, p: 1 };
/** What a bundle may ask of the reader: at most 256 MiB of scrypt memory, so a forged header cannot exhaust it. */
const READ_LIMITS = { logN: [14, 18], r: [1, 8], p: [1, 4] } as const;
export const PASSPHRASE_MIN = 12;

interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** True when `head` (the file's first bytes) starts like a bundle. */
export const isBundle = (head: Uint8Array): boolean => Buffer.from(head).subarray(0, MAGIC.length).equals(MAGIC);

function deriveKey(passphrase: string, salt: Uint8Array, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 }, (e, k) =>
      e ? reject(e) : resolve(k),
    ),
  );
}

export function requireStrongPassphrase(passphrase: string): void {
  if ([...passphrase].length < PASSPHRASE_MIN) {
    throw new BackupError(
      'invalid',
      `the passphrase must have at least ${PASSPHRASE_MIN} characters: the bundle can be attacked offline`,
    );
  }
}

/**
 * Writes the bundle of `masterKey` and the database file `database` to `target` (a new file, mode 0600), then reads
 * it back and checks that it decrypts to exactly what was written.
 */
export async function writeBundle(
  target: string,
  masterKey: Uint8Array,
  database: string,
  passphrase: string,
): Promise<void> {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const header = Buffer.concat([
    MAGIC,
    Buffer.from([VERSION, WRITE_PARAMS.logN, WRITE_PARAMS.r, WRITE_PARAMS.p]),
    salt,
    nonce,
  ]);
  const key = await deriveKey(passphrase, salt, WRITE_PARAMS);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(header);
  const written = createHash('sha256');
  const handle = await open(target, 'wx', 0o600);
  try {
    await handle.write(header);
    const seal = async (plain: Buffer) => {
      written.update(plain);
      await handle.write(cipher.update(plain));
    };
    await seal(Buffer.from(masterKey));
    for await (const chunk of createReadStream(database)) await seal(chunk as Buffer);
    await handle.write(cipher.final());
    await handle.write(cipher.getAuthTag());
    await handle.sync();
  } finally {
    await handle.close();
  }
  const read = createHash('sha256');
  await decryptBody(target, key, (plain) => {
    read.update(plain);
    return Promise.resolve();
  });
  if (!timingSafeEqual(read.digest(), written.digest())) {
    throw new BackupError('integrity', `${target} does not read back as written`);
  }
}

/**
 * Decrypts the bundle `file` with `passphrase`: the database goes to `databaseTarget` (a new file, mode 0600),
 * the master key is returned. A wrong passphrase and a damaged bundle are the same failure to AES-GCM.
 */
export async function readBundle(file: string, passphrase: string, databaseTarget: string): Promise<Uint8Array> {
  const header = Buffer.alloc(HEADER_BYTES);
  const source = await open(file, 'r');
  try {
    const { bytesRead } = await source.read(header, 0, HEADER_BYTES, 0);
    if (bytesRead < HEADER_BYTES || !isBundle(header)) throw new BackupError('invalid', `${file} is not a wm bundle`);
  } finally {
    await source.close();
  }
  if (header[8] !== VERSION) {
    throw new BackupError('invalid', `${file} is a bundle of format ${header[8]}, which this version cannot read`);
  }
  const params = { logN: header[9], r: header[10], p: header[11] };
  for (const [name, [min, max]] of Object.entries(READ_LIMITS)) {
    const value = params[name as keyof ScryptParams];
    if (value < min || value > max)
      throw new BackupError('integrity', `${file}: scrypt ${name} ${value} is out of range`);
  }
  const key = await deriveKey(passphrase, header.subarray(12, 28), params);
  let masterKey = Buffer.alloc(0);
  const out = await open(databaseTarget, 'wx', 0o600);
  try {
    await decryptBody(file, key, async (plain) => {
      const keyPart = Math.max(0, Math.min(plain.length, MASTER_KEY_BYTES - masterKey.length));
      if (keyPart > 0) masterKey = Buffer.concat([masterKey, plain.subarray(0, keyPart)]);
      if (plain.length > keyPart) await out.write(plain.subarray(keyPart));
    });
    await out.sync();
  } finally {
    await out.close();
  }
  if (masterKey.length !== MASTER_KEY_BYTES) throw new BackupError('integrity', `${file} holds no master key`);
  return masterKey;
}

/** Decrypts the body of a bundle chunk by chunk into `sink`; rejects when the tag does not check out. */
async function decryptBody(file: string, key: Buffer, sink: (plain: Buffer) => Promise<void>): Promise<void> {
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
    if (size < HEADER_BYTES + TAG_BYTES) throw new BackupError('integrity', `${file} is cut short`);
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(28, 40), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  if (size > HEADER_BYTES + TAG_BYTES) {
    for await (const chunk of createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 })) {
      await sink(decipher.update(chunk as Buffer));
    }
  }
  try {
    await sink(decipher.final());
  } catch {
    throw new BackupError('integrity', `${file}: wrong passphrase, or the bundle is damaged`);
  }
}
