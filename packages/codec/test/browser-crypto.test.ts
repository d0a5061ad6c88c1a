import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { nodeCrypto as browserCryptoOf } from '../src/browser-crypto.js';
import { nodeCrypto as nodeCryptoOf } from '../src/node-crypto.js';
import { spkiOf } from '../src/ed25519-der.js';
import { createSigningKey, signMessage } from 'wm-watermark-codec/signing';
import { verify as verifyInNode } from 'wm-watermark-codec/verify';

// The checker verifies signed marks in the browser with the codec's own verify(), on the noble libraries that the
// package's browser field swaps in for node:crypto. A wrong answer is worse than none: whatever the key, message and
// damage, the browser's answer must be Node's (OpenSSL's).
const browser = browserCryptoOf();
const node = nodeCryptoOf();
const RUNS = { numRuns: 200 };

// the order of the Ed25519 group: S + L is the same signature in a non-canonical form, which RFC 8032 refuses
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function nonCanonical(signature: Uint8Array): Uint8Array {
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]);
  s += L;
  const out = Uint8Array.from(signature);
  for (let i = 32; i < 64; i++, s >>= 8n) out[i] = Number(s & 0xffn);
  return out;
}

const verifyWith = (crypto: typeof node, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => {
  try {
    const key = crypto.createPublicKey({ key: spkiOf(publicKey) as Buffer, format: 'der', type: 'spki' });
    return crypto.verify(null, message, key, signature);
  } catch {
    return false;
  }
};

describe("the browser's crypto agrees with node:crypto", () => {
  test('SHA-256 of any sequence of strings (lone surrogates too) and bytes', () => {
    const part = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.uint8Array({ maxLength: 100 }));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        const inBrowser = browser.createHash('sha256');
        const inNode = createHash('sha256');
        for (const data of parts) {
          inBrowser.update(data);
          inNode.update(data);
        }
        expect(Buffer.from(inBrowser.digest()).toString('hex')).toBe(inNode.digest('hex'));
      }),
      RUNS,
    );
  });

  test('Ed25519: a signature verifies, and every damage to it, the message or the key is refused alike', () => {
    const damage = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({ kind: fc.constantFrom('signature' as const, 'message' as const, 'key' as const), bit: fc.nat() }),
      fc.constant({ kind: 'non-canonical' as const }),
      fc.record({ kind: fc.constant('truncated' as const), length: fc.nat({ max: 63 }) }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array(), damage, (seed, message, hurt) => {
        const signer = createSigningKey(seed);
        let signature: Uint8Array = signMessage(signer, message);
        let publicKey: Uint8Array = signer.publicKey;
        let signed: Uint8Array = message;
        const flip = (bytes: Uint8Array, bit: number) => {
          if (bytes.length === 0) return bytes;
          const out = Uint8Array.from(bytes);
          out[(bit >> 3) % out.length] ^= 1 << (bit & 7);
          return out;
        };
        if (hurt.kind === 'signature') signature = flip(signature, hurt.bit);
        if (hurt.kind === 'message') signed = flip(message, hurt.bit);
        if (hurt.kind === 'key') publicKey = flip(publicKey, hurt.bit);
        if (hurt.kind === 'non-canonical') signature = nonCanonical(signature);
        if (hurt.kind === 'truncated') signature = signature.slice(0, hurt.length);
        const inNode = verifyWith(node, publicKey, signed, signature);
        expect(verifyWith(browser, publicKey, signed, signature)).toBe(inNode);
        if (hurt.kind === 'none') expect(inNode).toBe(true);
      }),
      RUNS,
    );
  });

  test('keyed marks and signing stay refused in a browser, with a CodecError', () => {
    expect(() => browser.createHmac('sha256', Buffer.alloc(32))).toThrow(/Keyed watermarks need node:crypto/);
    expect(() => browser.sign(null, new Uint8Array(1), undefined as never)).toThrow(/Signing needs node:crypto/);
  });
});

describe("the codec's verify() in a browser build gives Node's verdict", () => {
  const vectors = JSON.parse(readFileSync(new URL('./vectors/signed.json', import.meta.url), 'utf8')) as {
    publicKey: string;
    vectors: { name: string; encoded: string; key?: string }[];
  };
  const keys = [{ publicKey: Uint8Array.from(Buffer.from(vectors.publicKey, 'hex')), name: 'vectors' }];

  async function browserVerify() {
    vi.resetModules();
    vi.doMock('../src/node-crypto.js', () => import('../src/browser-crypto.js'));
    try {
      const { encode } = await import('wm-watermark-codec/encode');
      // the swap took: this instance of the codec runs on the browser's module
      expect(() => encode('Hello there', 'x', { key: new Uint8Array(32) })).toThrow(/in a browser/);
      return (await import('wm-watermark-codec/verify')).verify;
    } finally {
      vi.doUnmock('../src/node-crypto.js');
    }
  }

  const outcome = (run: () => unknown) => {
    try {
      return run();
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  test('on the signed vectors, whole and with the visible text edited or marks dropped', async () => {
    const verifyInBrowser = await browserVerify();
    const edits = fc.record({ at: fc.nat(), drop: fc.nat({ max: 3 }), insert: fc.constantFrom('', 'x', ' ', 'é') });
    for (const vector of vectors.vectors) {
      // an encrypted vector verifies without its AES key: nothing in a browser opens it
      expect(outcome(() => verifyInBrowser(vector.encoded, { keys }))).toEqual(
        outcome(() => verifyInNode(vector.encoded, { keys })),
      );
      fc.assert(
        fc.property(edits, ({ at, drop, insert }) => {
          const units = [...vector.encoded];
          const cut = at % (units.length + 1);
          const text = units.slice(0, cut).join('') + insert + units.slice(cut + drop).join('');
          expect(outcome(() => verifyInBrowser(text, { keys }))).toEqual(outcome(() => verifyInNode(text, { keys })));
        }),
        { numRuns: 40 },
      );
    }
  });
});
