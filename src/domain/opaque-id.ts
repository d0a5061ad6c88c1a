import { createCipheriv, createDecipheriv, type KeyObject } from 'node:crypto';

const BLOCK = 16;
const OPAQUE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Row ids count the rows of every account (the ledger's charges, the documents whose copies were issued), so showing
 * them would tell each user the whole server's volume. Users see them as one AES-256 block instead: the id (8 bytes,
 * big-endian) followed by 8 zero bytes, encrypted under a key of its own, in base64url (22 characters). The same id
 * always gives the same string, and the server can turn a string back into the id; the zero bytes tell a real id
 * from a made-up string (a guess passes with probability 2^-64). Usage ids are sealed under a key derived from the
 * master key (they change when it is rotated), document ids under each account's own (domain/copies/account-keys.ts:
 * they never change, and another account's id opens to nothing).
 */
export function sealId(key: KeyObject, id: number): string {
  const block = Buffer.alloc(BLOCK);
  block.writeBigUInt64BE(BigInt(id));
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
}

/** The ledger row id behind an opaque id, or undefined when the string is not one of this server's ids. */
export function openId(key: KeyObject, opaque: string): number | undefined {
  if (!OPAQUE.test(opaque)) return undefined;
  const sealed = Buffer.from(opaque, 'base64url');
  // 22 characters carry 132 bits: only the encoding of the 16 bytes themselves is accepted
  if (sealed.toString('base64url') !== opaque) return undefined;
  const decipher = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  const block = Buffer.concat([decipher.update(sealed), decipher.final()]);
  if (block.readBigUInt64BE(8) !== 0n) return undefined;
  const id = block.readBigUInt64BE(0);
  return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
}
