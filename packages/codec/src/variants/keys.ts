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

const PURPOSE = { site: 1, unit: 2, bias: 3, choice: 4, copy: 5 } as const;
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
 * An 11-byte keyed digest of each copy id: CBC-MAC under the key of its UTF-8 bytes, whose first block holds the
 * tag and the length (a prefix-free encoding, so the MAC is a PRF of the whole id). Every copy is chained through
 * its blocks at once, one cipher call per block position. Two ids share a digest with a chance of about 2^-88 per
 * pair: two copies never share their choices.
 */
function copyDigests(key: VariantKey, copyIds: readonly string[]): Uint8Array {
  const encoder = new TextEncoder();
  const bytes = copyIds.map((id) => encoder.encode(id));
  // block 0: tag, 4 length bytes, the first 11 bytes; then 16 bytes a block
  const blockCount = Math.max(1, ...bytes.map((b) => 1 + Math.ceil(Math.max(0, b.length - 11) / 16)));
  let state = new Uint8Array(copyIds.length * 16);
  for (let block = 0; block < blockCount; block++) {
    const input = new Uint8Array(copyIds.length * 16);
    const view = new DataView(input.buffer);
    bytes.forEach((id, c) => {
      const at = c * 16;
      if (block === 0) {
        input[at] = PURPOSE.copy;
        view.setUint32(at + 1, id.length);
        input.set(id.subarray(0, 11), at + 5);
      } else input.set(id.subarray(11 + (block - 1) * 16, 11 + block * 16), at);
      for (let i = 0; i < 16; i++) input[at + i] ^= state[at + i];
    });
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
  const digests = copyDigests(key, copyIds);
  let bytes: Uint8Array | undefined;
  const words = prf(key, PURPOSE.choice, copyIds.length * width, (view, offset, i) => {
    const copy = Math.floor(i / width);
    view.setInt32(offset, positions[i % width]);
    bytes ??= new Uint8Array(view.buffer);
    bytes.set(digests.subarray(copy * 16, copy * 16 + 11), offset + 4);
  });
  const thresholds = Array.from(biases, (bias) => bias * 2 ** 32);
  return Uint8Array.from(words, (word, i) => (word < thresholds[i % width] ? 1 : 0));
}
