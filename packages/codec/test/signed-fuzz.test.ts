import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { crc32 } from 'wm-watermark-codec/crc32';
import { encode } from 'wm-watermark-codec/encode';
import { FLAG_SIGNED, FLAG_TEXT_BOUND, buildFrame } from '../src/frame.js';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { createSigningKey, signerIdOf, type VerifyingKey } from 'wm-watermark-codec/signing';
import { verify } from 'wm-watermark-codec/verify';

// Fuzzing the verifier: whatever bytes a forger writes, with a CRC that checks, the verdict is never "valid" for a
// mark that the key's holder did not sign.
const SIGNER = createSigningKey(new Uint8Array(32).fill(7));
const KEYS: VerifyingKey[] = [{ publicKey: SIGNER.publicKey, name: 'Example News' }];
const KNOWN_ID = Array.from(signerIdOf(SIGNER.publicKey));
const CARRIER = 'The quick brown fox jumps over the lazy dog while everyone watches quietly';
const RUNS = { numRuns: 300 };

function withCrc(bytes: number[]): Uint8Array {
  const frame = Uint8Array.from([...bytes, 0, 0, 0, 0]);
  const crc = crc32(frame, 0, frame.length - 4);
  frame.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], frame.length - 4);
  return frame;
}

const textWith = (frame: Uint8Array): string =>
  CARRIER[0] + selectorsForBytes(frame, 0, frame.length) + CARRIER.slice(1);

/** The verdict, or the code of the failure when nothing can be read. */
function verdictOf(text: string): string {
  try {
    return verify(text, { keys: KEYS }).status;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const bytes = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 255 }), { minLength: min, maxLength: max });

describe('fuzzing never yields "valid" for a mark nobody signed', () => {
  test('made-up signed frames (the known key id or any other, any body, digest and signature)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.oneof(fc.constant(KNOWN_ID), bytes(8, 8)),
        bytes(0, 40),
        bytes(32, 32),
        bytes(64, 64),
        (bound, signerId, body, digest, signature) => {
          const flags = FLAG_SIGNED | (bound ? FLAG_TEXT_BOUND : 0);
          const frame = withCrc([
            0xf7,
            flags,
            body.length,
            ...signerId,
            ...(bound ? digest : []),
            ...body,
            ...signature,
          ]);
          const verdict = verdictOf(textWith(frame));
          expect(['invalid', 'unknown_key']).toContain(verdict);
        },
      ),
      RUNS,
    );
  });

  test('a genuine frame with bytes changed anywhere (CRC made right again)', () => {
    const genuine = Array.from(
      buildFrame(new TextEncoder().encode('ID-2026-000042'), undefined, undefined, { key: SIGNER }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: genuine.length - 5 }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (changes) => {
          const changed = genuine.slice(0, -4);
          for (const [at, xor] of changes) changed[at] ^= xor;
          if (changed.every((byte, i) => byte === genuine[i])) return;
          expect(['valid', 'text_changed']).not.toContain(verdictOf(textWith(withCrc(changed))));
        },
      ),
      RUNS,
    );
  });

  test('random texts full of selectors and copies of genuine marks cut and shuffled', () => {
    const signedText = encode(CARRIER.repeat(3), 'ID-42', { method: 'single', signingKey: SIGNER }).encoded;
    const robustText = encodeRobust(CARRIER.repeat(20), 'ID-42', { seed: 1, signingKey: SIGNER }).watermarked;
    const pieces = [...Array.from(signedText), ...Array.from(robustText).slice(0, 400)];
    const selector = fc
      .oneof(fc.integer({ min: 0xfe00, max: 0xfe0f }), fc.integer({ min: 0xe0100, max: 0xe01ef }))
      .map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(selector, fc.constantFrom(...pieces), fc.constantFrom('a', ' ', 'é')), { maxLength: 300 }),
        (parts) => {
          const text = parts.join('');
          // a piece sequence that happens to reproduce the genuine marks whole is genuinely signed
          if (text.includes(signedText) || text.includes(robustText)) return;
          expect(['valid', 'text_changed']).not.toContain(verdictOf(text));
        },
      ),
      RUNS,
    );
  });
});
