import { nodeCrypto } from '../node-crypto.js';
import { CodecError } from '../errors.js';
import type { ContextHash } from './stream.js';

/**
 * The keyed functions of a document's variants: one AES-128 key, derived from the document's 32-byte secret, as a
 * pseudorandom function of 16-byte blocks whose first byte says what is asked (a site's id, a unit's id, a
 * position's bias, a copy's choice there), so the answers are independent. Without the key a stored id tells
 * nothing of the words around the site, and no one can tell a copy's choices or the biases.
 */

export const VARIANT_KEY_BYTES = 32;

export interface VariantKey {
  /** the AES-128 key (a KeyObject) */
  readonly cipher: unknown;
}

export function variantKey(secret: Uint8Array): VariantKey {
  if (!(secret instanceof Uint8Array) || secret.length !== VARIANT_KEY_BYTES)
    throw new CodecError('INVALID_INPUT', `A variant key must be exactly ${VARIANT_KEY_BYTES} bytes`);
  const crypto = nodeCrypto();
  const derived = crypto.createHmac('sha256', secret).update('wm variants v1').digest().subarray(0, 16);
  return { cipher: crypto.createSecretKey(derived) };
}

const PURPOSE = { site: 1, unit: 2, bias: 3, choice: 4, copy: 5, packed: 6 } as const;
type Purpose = (typeof PURPOSE)[keyof typeof PURPOSE];

const cipherOf = (key: VariantKey) =>
  nodeCrypto()
    .createCipheriv('aes-128-ecb', key.cipher as Parameters<ReturnType<typeof nodeCrypto>['createCipheriv']>[1], null)
    .setAutoPadding(false);

/** The first 32 bits of AES(key, block) for each block: `fill(view, offset, i)` writes the 15 bytes after the tag. */
function prf(
  key: VariantKey,
  purpose: Purpose,
  count: number,
  fill: (view: DataView, offset: number, index: number) => void,
): Uint32Array {
  const blocks = new Uint8Array(count * 16);
  const view = new DataView(blocks.buffer);
  for (let i = 0; i < count; i++) {
    blocks[i * 16] = purpose;
    fill(view, i * 16 + 1, i);
  }
  const out = cipherOf(key).update(blocks);
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i++) words[i] = outView.getUint32(i * 16);
  return words;
}

/**
 * Eleven bytes per copy id that no other id shares. An id of up to 12 characters of base64url (wm's copy ids are 12)
 * is packed as it is: a tag, its length and 6 bits a character, no cipher needed. Any other id gets a keyed digest:
 * CBC-MAC under the key of its UTF-8 bytes, whose first block holds another tag and the length (a prefix-free
 * encoding, so the MAC is a PRF of the whole id); two such ids share a digest with a chance of about 2^-88 a pair,
 * and the tag keeps them apart from packed ones. Either way two copies never share their choices.
 */
const BASE64URL = /^[A-Za-z0-9_-]{1,12}$/;
const SIXTY_FOUR = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function copyIdBytes(key: VariantKey, copyIds: readonly string[]): Uint8Array {
  const out = new Uint8Array(copyIds.length * 16);
  const others: number[] = [];
  copyIds.forEach((id, c) => {
    if (!BASE64URL.test(id)) {
      others.push(c);
      return;
    }
    const at = c * 16;
    out[at] = PURPOSE.packed;
    out[at + 1] = id.length;
    // 12 characters × 6 bits = 72 bits in bytes 2 to 10: eleven bytes with the tag and the length
    let bits = 0;
    let count = 0;
    let into = at + 2;
    for (const char of id) {
      bits = (bits << 6) | SIXTY_FOUR.indexOf(char);
      count += 6;
      while (count >= 8) {
        count -= 8;
        out[into++] = (bits >>> count) & 0xff;
      }
    }
    if (count > 0) out[into] = (bits << (8 - count)) & 0xff;
  });
  if (others.length > 0) {
    const digests = copyDigests(
      key,
      others.map((c) => copyIds[c]),
    );
    others.forEach((c, i) => out.set(digests.subarray(i * 16, i * 16 + 11), c * 16));
  }
  return out;
}

/** CBC-MAC of each id's UTF-8 bytes (see copyIdBytes): 16 bytes a copy, the first 11 used. */
function copyDigests(key: VariantKey, copyIds: readonly string[]): Uint8Array {
  // every id's UTF-8 bytes in one buffer (at most 3 bytes a UTF-16 unit)
  const encoder = new TextEncoder();
  const all = new Uint8Array(copyIds.reduce((sum, id) => sum + 3 * id.length, 0));
  const starts = new Int32Array(copyIds.length + 1);
  copyIds.forEach((id, c) => {
    starts[c + 1] = starts[c] + encoder.encodeInto(id, all.subarray(starts[c])).written;
  });
  // block 0: tag, 4 length bytes, the first 11 bytes; then 16 bytes a block
  let longest = 0;
  for (let c = 0; c < copyIds.length; c++) longest = Math.max(longest, starts[c + 1] - starts[c]);
  const blockCount = 1 + Math.ceil(Math.max(0, longest - 11) / 16);
  let state = new Uint8Array(copyIds.length * 16);
  for (let block = 0; block < blockCount; block++) {
    const input = new Uint8Array(copyIds.length * 16);
    for (let c = 0; c < copyIds.length; c++) {
      const at = c * 16;
      const start = starts[c];
      const length = starts[c + 1] - start;
      let from: number;
      let to: number;
      let into: number;
      if (block === 0) {
        input[at] = PURPOSE.copy;
        input[at + 1] = length >>> 24;
        input[at + 2] = (length >>> 16) & 0xff;
        input[at + 3] = (length >>> 8) & 0xff;
        input[at + 4] = length & 0xff;
        [from, to, into] = [start, start + Math.min(length, 11), at + 5];
      } else {
        const offset = 11 + (block - 1) * 16;
        [from, to, into] = [start + Math.min(length, offset), start + Math.min(length, offset + 16), at];
      }
      for (let i = from; i < to; i++) input[into++] = all[i];
      for (let i = 0; i < 16; i++) input[at + i] ^= state[at + i];
    }
    state = new Uint8Array(cipherOf(key).update(input));
  }
  return state;
}

/** The keyed id of each site (a signed 32-bit integer, as stored): a function of its context hash. */
export function siteIds(key: VariantKey, hashes: readonly ContextHash[]): Int32Array {
  const words = prf(key, PURPOSE.site, hashes.length, (view, offset, i) => {
    view.setUint32(offset, hashes[i][0]);
    view.setUint32(offset + 4, hashes[i][1]);
  });
  return new Int32Array(words.buffer);
}

/** The keyed id of a unit of consistency (a class, or one pair of it): the position a whole copy's choice sits at. */
export function unitIds(key: VariantKey, units: readonly ContextHash[]): Int32Array {
  const words = prf(key, PURPOSE.unit, units.length, (view, offset, i) => {
    view.setUint32(offset, units[i][0]);
    view.setUint32(offset + 4, units[i][1]);
  });
  return new Int32Array(words.buffer);
}

/** A uniform number in [0, 1) per position, from which its bias is drawn. */
export function positionUniforms(key: VariantKey, positions: Int32Array): Float64Array {
  const words = prf(key, PURPOSE.bias, positions.length, (view, offset, i) => view.setInt32(offset, positions[i]));
  return Float64Array.from(words, (word) => word / 2 ** 32);
}

/**
 * Each copy's choice at each position: 1 with the position's probability `biases[j]`. The answer is copy-major
 * (copy i's choices start at i × positions.length).
 */
export function choices(
  key: VariantKey,
  copyIds: readonly string[],
  positions: Int32Array,
  biases: Float64Array,
): Uint8Array {
  const width = positions.length;
  const digests = copyIdBytes(key, copyIds);
  const blocks = new Uint8Array(copyIds.length * width * 16);
  for (let c = 0, at = 0; c < copyIds.length; c++) {
    for (let j = 0; j < width; j++, at += 16) {
      const position = positions[j];
      blocks[at] = PURPOSE.choice;
      blocks[at + 1] = position >>> 24;
      blocks[at + 2] = (position >>> 16) & 0xff;
      blocks[at + 3] = (position >>> 8) & 0xff;
      blocks[at + 4] = position & 0xff;
      for (let i = 0; i < 11; i++) blocks[at + 5 + i] = digests[c * 16 + i];
    }
  }
  const out = cipherOf(key).update(blocks);
  const thresholds = Array.from(biases, (bias) => bias * 2 ** 32);
  const chosen = new Uint8Array(copyIds.length * width);
  for (let i = 0; i < chosen.length; i++) {
    const at = i * 16;
    const word = ((out[at] << 24) | (out[at + 1] << 16) | (out[at + 2] << 8) | out[at + 3]) >>> 0;
    chosen[i] = word < thresholds[i % width] ? 1 : 0;
  }
  return chosen;
}
