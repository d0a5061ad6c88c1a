import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { boundTextDigest } from '../src/bound-text.js';
import { decode } from 'wm-watermark-codec/decode';
import { embedFrame } from 'wm-watermark-codec/encode';
import { buildFrame } from '../src/frame.js';
import { checkEncodeOptions } from '../src/options.js';
import { payloadBytes } from 'wm-watermark-codec/scan';
import { createSigningKey } from 'wm-watermark-codec/signing';
import { strip } from 'wm-watermark-codec/strip';
import { verify } from 'wm-watermark-codec/verify';
import type { EncodeOptions, EncodeResult } from 'wm-watermark-codec/types';

interface SignedVector {
  name: string;
  /** the format revision whose placement made it (2: word ends marked, as markWordEnds still does) */
  revision: 2 | 3;
  text: string;
  secret: string;
  options: EncodeOptions;
  bindText: boolean;
  key?: string;
  nonce?: string;
  textDigest?: string;
  frame: string;
  payload?: string;
  stats: EncodeResult['stats'];
  encoded: string;
}

const file = JSON.parse(readFileSync(new URL('./vectors/signed.json', import.meta.url), 'utf8')) as {
  seed: string;
  publicKey: string;
  keyId: string;
  vectors: SignedVector[];
};
const bytes = (hex: string | undefined): Uint8Array | undefined =>
  hex === undefined ? undefined : Uint8Array.from(Buffer.from(hex, 'hex'));
const hex = (data: Uint8Array): string => Buffer.from(data).toString('hex');
const signer = createSigningKey(bytes(file.seed)!);

describe('signed test vectors (packages/codec/test/vectors/signed.json)', () => {
  test('the key: Ed25519 public key of the seed 00 01 … 1f, and its id', () => {
    expect(hex(signer.publicKey)).toBe(file.publicKey);
    expect(signer.keyId).toBe(file.keyId);
    expect(file.vectors.some((v) => v.bindText && v.key && v.payload?.startsWith('f8'))).toBe(true);
  });

  test.each(file.vectors.map((v) => [v.name, v] as const))('%s: encoding reproduces the vector', (_, vector) => {
    const key = bytes(vector.key);
    const secret = new TextEncoder().encode(vector.secret);
    const textDigest = vector.bindText ? boundTextDigest(vector.text) : undefined;
    expect(textDigest && hex(textDigest)).toBe(vector.textDigest);
    // Ed25519 signatures are deterministic: the same key and frame always give the same bytes
    const frame = buildFrame(secret, key, bytes(vector.nonce), { key: signer, textDigest });
    expect(hex(frame)).toBe(vector.frame);
    const options = checkEncodeOptions({
      ...vector.options,
      markWordEnds: vector.revision < 3,
      key,
      signingKey: signer,
      bindText: vector.bindText,
    });
    const result = embedFrame(vector.text, frame, options, secret.length);
    expect(result.encoded).toBe(vector.encoded);
    expect(result.stats).toEqual(vector.stats);
  });

  test.each(file.vectors.map((v) => [v.name, v] as const))('%s: decoding verifies the vector', (_, vector) => {
    expect(hex(payloadBytes(vector.encoded))).toBe(vector.payload ?? vector.frame);
    const result = decode(vector.encoded, {
      key: bytes(vector.key),
      keys: [{ publicKey: bytes(file.publicKey)!, name: 'vectors' }],
    });
    expect(result).toMatchObject({
      decoded: vector.secret,
      signature: {
        status: 'valid',
        key_id: file.keyId,
        text_bound: vector.bindText,
        text_matches: vector.bindText || null,
      },
    });
    expect(strip(vector.encoded)).toBe(vector.text);
  });
});

describe('older watermarks read exactly as before', () => {
  const older = JSON.parse(readFileSync(new URL('./vectors/vs-codec.json', import.meta.url), 'utf8')) as {
    name: string;
    secret: string;
    key?: string;
    encoded: string;
  }[];

  test.each(older.map((v) => [v.name, v] as const))('%s: same secret, reported unsigned', (_, vector) => {
    const result = decode(vector.encoded, { key: bytes(vector.key), keys: [{ publicKey: signer.publicKey }] });
    expect(result.decoded).toBe(vector.secret);
    expect(result.signature).toEqual({
      status: 'unsigned',
      signed: false,
      key_id: null,
      known_signer: false,
      signer: null,
      valid: null,
      text_bound: false,
      text_matches: null,
    });
    expect(verify(vector.encoded, { keys: [{ publicKey: signer.publicKey }] }).status).toBe('unsigned');
  });
});
