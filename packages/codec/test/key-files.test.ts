import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  parsePrivateKeyPem,
  parsePublicKeys,
  privateKeyPem,
  publicKeyPem,
  publishedKeySetOf,
} from 'wm-watermark-codec/key-files';
import { base64Of, base64UrlOf, bytesOfBase64 } from '../src/base64.js';
import { createSigningKey } from 'wm-watermark-codec/signing';

const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
const key = createSigningKey(seed);

describe('key files', () => {
  test('a private key PEM gives back its seed; anything else is refused', () => {
    expect(parsePrivateKeyPem(privateKeyPem(seed), 'k')).toEqual(seed);
    expect(() => parsePrivateKeyPem(publicKeyPem(key.publicKey), 'news.pub')).toThrow(
      /news.pub is not an Ed25519 private key/,
    );
    // an RSA or EC key has another DER prefix
    expect(() =>
      parsePrivateKeyPem(
        '-----BEGIN PRIVATE KEY-----\nMIIBVAIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
        'rsa',
      ),
    ).toThrow();
  });

  test('a public key PEM is one key named after its file', () => {
    expect(parsePublicKeys(publicKeyPem(key.publicKey), 'news.pub', 'news')).toEqual([
      { keyId: key.keyId, publicKey: key.publicKey, name: 'news' },
    ]);
    expect(() => parsePublicKeys('hello', 'x', 'x')).toThrow(/holds no Ed25519 public key/);
  });

  test('a key set round-trips: JWK members, our name and dates; retired keys stay', () => {
    const set = publishedKeySetOf([
      {
        publicKey: key.publicKey,
        name: 'Example News',
        created: '2026-01-01T00:00:00.000Z',
        retired: '2026-06-01T00:00:00.000Z',
      },
    ]);
    expect(set.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg',
      kid: '6090a6c7a8feee21',
      alg: 'EdDSA',
      use: 'sig',
      name: 'Example News',
      created: '2026-01-01T00:00:00.000Z',
      retired: '2026-06-01T00:00:00.000Z',
    });
    expect(parsePublicKeys(JSON.stringify(set), 'keys.json', 'keys')).toEqual([
      {
        keyId: key.keyId,
        publicKey: key.publicKey,
        name: 'Example News',
        created: '2026-01-01T00:00:00.000Z',
        retired: '2026-06-01T00:00:00.000Z',
      },
    ]);
  });

  test("a key set entry whose kid is not its key's own id is refused; other key types are skipped", () => {
    const entry = { ...publishedKeySetOf([{ publicKey: key.publicKey, name: 'n' }]).keys[0], kid: 'ffffffffffffffff' };
    expect(() => parsePublicKeys(JSON.stringify({ keys: [entry] }), 'keys.json', 'k')).toThrow(
      /its key's id is 6090a6c7a8feee21/,
    );
    expect(parsePublicKeys('{"keys":[{"kty":"RSA","n":"AQAB","e":"AQAB"}]}', 'jwks', 'k')).toEqual([]);
    expect(() => parsePublicKeys('{"nokeys":1}', 'x.json', 'k')).toThrow(/not a key set/);
    expect(() => parsePublicKeys('{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AAAA"}]}', 'x.json', 'k')).toThrow(
      /32-byte/,
    );
  });
});

describe('base64 without Buffer (key files are read in the browser too)', () => {
  test("agrees with Node's Buffer on any bytes, both alphabets, padded or not", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        expect(base64Of(bytes)).toBe(buffer.toString('base64'));
        expect(base64UrlOf(bytes)).toBe(buffer.toString('base64url'));
        expect(bytesOfBase64(buffer.toString('base64'))).toEqual(bytes);
        expect(bytesOfBase64(buffer.toString('base64url'))).toEqual(bytes);
      }),
    );
  });

  test('what is not base64 is null, not bytes of a guess', () => {
    for (const text of ['a', 'ab!d', 'abc$', 'ab=c', '====']) expect(bytesOfBase64(text)).toBeNull();
  });
});
