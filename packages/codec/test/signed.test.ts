import { describe, expect, test } from 'vitest';
import { boundTextOf } from '../src/bound-text.js';
import { crc32 } from 'wm-watermark-codec/crc32';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { buildFrame, parseFrameAt } from '../src/frame.js';
import { PLAIN } from '../src/robust/alphabet.js';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { layoutCopy } from '../src/robust/layout.js';
import { payloadBytes } from 'wm-watermark-codec/scan';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { createSigningKey, signMessage, signerIdOf, type VerifyingKey } from 'wm-watermark-codec/signing';
import { strip } from 'wm-watermark-codec/strip';
import type { EncodeOptions, StealthLevel, Distribution } from 'wm-watermark-codec/types';
import { verify } from 'wm-watermark-codec/verify';
import { c2paWrapper } from './c2pa-fixtures.js';
import { CORPUS } from './carrier-samples.js';

const SIGNER = createSigningKey(new Uint8Array(32).fill(7));
const OTHER_SIGNER = createSigningKey(new Uint8Array(32).fill(8));
const KEYS: VerifyingKey[] = [
  { publicKey: SIGNER.publicKey, name: 'Example News' },
  { publicKey: OTHER_SIGNER.publicKey, name: 'Someone Else' },
];
const AES_KEY = new Uint8Array(32).fill(1);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const LONG = `${CORPUS.latin}, ${CORPUS.accented}. `.repeat(12);

/** A frame's bytes with the CRC made right again, so that only the signature can tell a change. */
function withCrc(frame: Uint8Array): Uint8Array {
  const fixed = frame.slice();
  const crc = crc32(fixed, 0, fixed.length - 4);
  fixed.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], fixed.length - 4);
  return fixed;
}

/** A text whose only mark is `frame`, all of it after the first letter. */
const textWith = (frame: Uint8Array, carrier = CORPUS.latin): string =>
  carrier[0] + selectorsForBytes(frame, 0, frame.length) + carrier.slice(1);

const statusOf = (text: string): string => verify(text, { keys: KEYS }).status;

const METHODS: [string, EncodeOptions][] = [
  ['auto', {}],
  ['single', { method: 'single' }],
  ['chunked 3', { method: 'chunked', chunkSize: 3 }],
  ['char', { method: 'char' }],
  ['char, first letter only', { method: 'char', firstLetterOnly: true }],
  ['pattern', { method: 'pattern', pattern: 'brown fox' }],
];

describe('signed VS marks: round trips', () => {
  for (const [name, options] of METHODS) {
    for (const bindText of [false, true]) {
      for (const key of [undefined, AES_KEY]) {
        test(`${name}, ${bindText ? 'bound text' : 'no bound text'}, ${key ? 'keyed' : 'unkeyed'}`, () => {
          const result = encode(LONG, 'ID-2026-000042', { ...options, key, signingKey: SIGNER, bindText });
          expect(result.signature).toEqual({ key_id: SIGNER.keyId, text_bound: bindText });
          expect(strip(result.encoded)).toBe(LONG);
          const decoded = decode(result.encoded, { key, keys: KEYS });
          expect(decoded.decoded).toBe('ID-2026-000042');
          expect(decoded.signature).toEqual({
            status: 'valid',
            signed: true,
            key_id: SIGNER.keyId,
            known_signer: true,
            signer: 'Example News',
            valid: true,
            text_bound: bindText,
            text_matches: bindText ? true : null,
          });
          // an encrypted mark's signature verifies without its AES key
          expect(verify(result.encoded, { keys: KEYS })).toMatchObject({
            status: 'valid',
            marks: [{ mode: 'vs', decoded: key ? null : 'ID-2026-000042', keyed: key !== undefined }],
          });
        });
      }
    }
  }

  test('tokens output carries a signed mark too', () => {
    const result = encode(LONG, 'ID-7', { output: 'tokens', signingKey: SIGNER });
    expect(decode(result.encoded, { keys: KEYS }).signature.status).toBe('valid');
  });

  test('without the public key a signed mark is "unknown_key", and the secret still reads', () => {
    const { encoded } = encode(LONG, 'ID-7', { signingKey: SIGNER, bindText: true });
    expect(decode(encoded)).toMatchObject({
      decoded: 'ID-7',
      signature: {
        status: 'unknown_key',
        signed: true,
        key_id: SIGNER.keyId,
        known_signer: false,
        valid: null,
        text_matches: null,
      },
    });
    expect(verify(encoded, { keys: [KEYS[1]] }).status).toBe('unknown_key');
  });

  test('an unsigned mark is "unsigned", never "invalid", with or without keys', () => {
    const { encoded } = encode(LONG, 'ID-7');
    expect(decode(encoded, { keys: KEYS }).signature).toMatchObject({ status: 'unsigned', signed: false, valid: null });
    expect(verify(encoded, { keys: KEYS }).status).toBe('unsigned');
    expect(verify(encode(LONG, 'ID-7', { key: AES_KEY }).encoded, { keys: KEYS }).status).toBe('unsigned');
  });

  test('the carrier-too-short error asks for the longer carrier a signed frame needs', () => {
    const text = 'Hello there';
    const required = (options: EncodeOptions): number | undefined => {
      try {
        encode(text, 'ID-2026', { method: 'single', ...options });
      } catch (error) {
        return (error as { requiredLength?: number }).requiredLength;
      }
      return undefined;
    };
    const unsigned = buildFrame(utf8('ID-2026')).length;
    expect(required({})).toBe(unsigned);
    expect(required({ signingKey: SIGNER })).toBe(unsigned + 8 + 64);
    expect(required({ signingKey: SIGNER, bindText: true })).toBe(unsigned + 8 + 64 + 32);
  });

  test('bindText without a signing key is invalid input', () => {
    expect(() => encode(LONG, 'x', { bindText: true })).toThrow(/signing key/);
  });
});

describe('bound text: what counts as the same text', () => {
  const { encoded } = encode(LONG, 'ID-7', { signingKey: SIGNER, bindText: true });
  const matches = (text: string): boolean | null => decode(text, { keys: KEYS }).signature.text_matches;

  test.each([
    ['NFC', (t: string) => t.normalize('NFC')],
    ['NFD', (t: string) => t.normalize('NFD')],
    ['trim and surrounding whitespace', (t: string) => `\n  ${t}  \n`],
    ['collapsed spaces', (t: string) => t.replace(/\s+/g, ' ')],
    ['LF → CRLF, spaces → line breaks', (t: string) => t.replace(/ /g, '\r\n')],
    ['zero-width marks added', (t: string) => t.replace('lazy', 'la\u200bzy')],
  ])('%s: still matches', (_, change) => {
    expect(matches(change(encoded))).toBe(true);
  });

  test.each([
    ['a word changed', (t: string) => t.replace(/Zürich/g, 'Zurich')],
    ['a word added at the end', (t: string) => `${t} more`],
    ['a sentence dropped', (t: string) => t.slice(0, t.lastIndexOf('.', t.length - 3) + 1)],
  ])('%s: the signature is still valid, the text no longer matches', (_, change) => {
    const changed = change(encoded);
    expect(decode(changed, { keys: KEYS }).signature).toMatchObject({ status: 'valid', text_matches: false });
    expect(statusOf(changed)).toBe('text_changed');
  });

  test('a C2PA manifest added or removed changes no visible character: still matches', () => {
    const manifest = c2paWrapper();
    expect(matches(`${encoded} ${manifest}`)).toBe(true);
    // marked first, signed last: the order that keeps both hashes valid (encode refuses a text with a manifest)
    const withManifest = encode(`${LONG} `, 'ID-7', { signingKey: SIGNER, bindText: true }).encoded + manifest;
    expect(withManifest.endsWith(manifest)).toBe(true);
    expect(matches(withManifest)).toBe(true);
    expect(matches(withManifest.slice(0, -manifest.length))).toBe(true);
  });

  test('the normal form: marks removed, NFC, whitespace runs one space, trimmed', () => {
    expect(boundTextOf(' Cafe\u0301\u{E0100}\r\n\t au  lait ')).toBe('Café au lait');
  });
});

describe('signed robust marks', () => {
  const cases: [Distribution, StealthLevel][] = [
    ['even', 'standard'],
    ['random', 'high'],
    ['clustered', 'maximum'],
  ];
  for (const [distribution, stealthLevel] of cases) {
    for (const bindText of [false, true]) {
      test(`${distribution}, ${stealthLevel}, ${bindText ? 'bound text' : 'no bound text'}, keyed and not`, () => {
        for (const key of [undefined, AES_KEY]) {
          const options = { distribution, stealthLevel, seed: 9, key, signingKey: SIGNER, bindText };
          const result = encodeRobust(LONG.repeat(2), 'ID-42', options);
          expect(result.signature).toEqual({ key_id: SIGNER.keyId, text_bound: bindText });
          const decoded = decodeRobust(result.watermarked, { key, keys: KEYS });
          expect(decoded.decoded).toBe('ID-42');
          expect(decoded.signature).toMatchObject({ status: 'valid', signer: 'Example News', text_bound: bindText });
          expect(verify(result.watermarked, { keys: KEYS }).marks).toMatchObject([
            { mode: 'robust', decoded: key ? null : 'ID-42', signature: { status: 'valid' } },
          ]);
        }
      });
    }
  }

  test('a robust mark that survives losing half its text: valid signature, bound text edited', () => {
    const { watermarked } = encodeRobust(LONG.repeat(4), 'ID-42', { seed: 3, signingKey: SIGNER, bindText: true });
    const half = watermarked.slice(0, Math.floor(watermarked.length / 2)).replace(/[\uD800-\uDBFF]$/, '');
    expect(decodeRobust(half, { keys: KEYS }).signature).toMatchObject({ status: 'valid', text_matches: false });
  });

  test('the robust carrier-too-short error counts the signature', () => {
    const text = 'x'.repeat(100);
    expect(() => encodeRobust(text, 'ID-42', { signingKey: SIGNER })).toThrow(
      expect.objectContaining({ requiredLength: 8 * (5 + 72) }),
    );
    expect(() => encodeRobust(text, 'ID-42', { signingKey: SIGNER, bindText: true })).toThrow(
      expect.objectContaining({ requiredLength: 8 * (5 + 72 + 32) }),
    );
  });
});

describe('forgeries never verify', () => {
  const frame = buildFrame(utf8('ID-42'), undefined, undefined, { key: SIGNER });
  const boundFrame = buildFrame(utf8('ID-42'), AES_KEY, undefined, {
    key: SIGNER,
    textDigest: parseFrameAt(
      payloadBytes(encode(CORPUS.latin, 'x', { signingKey: SIGNER, bindText: true }).encoded),
      0,
    )!.textDigest!,
  });

  test('the genuine frames verify', () => {
    expect(statusOf(textWith(frame))).toBe('valid');
    expect(statusOf(textWith(boundFrame))).toBe('valid');
  });

  test('every single flipped bit, with the CRC made right again: never valid', () => {
    for (const original of [frame, boundFrame]) {
      for (let bit = 0; bit < (original.length - 4) * 8; bit++) {
        const changed = original.slice();
        changed[bit >> 3] ^= 0x80 >> (bit & 7);
        let status: string;
        try {
          status = statusOf(textWith(withCrc(changed)));
        } catch {
          status = 'unreadable';
        }
        expect(status, `bit ${bit}`).not.toBe('valid');
        expect(status, `bit ${bit}`).not.toBe('text_changed');
      }
    }
  });

  test('a flipped bit without fixing the CRC: no frame, so no verdict at all', () => {
    const changed = frame.slice();
    changed[20] ^= 1;
    expect(() => verify(textWith(changed), { keys: KEYS })).toThrow(expect.objectContaining({ code: 'CORRUPTED' }));
  });

  test("swapping the signer id for another known key's id: invalid", () => {
    const parsed = parseFrameAt(frame, 0)!;
    const swapped = frame.slice();
    swapped.set(signerIdOf(OTHER_SIGNER.publicKey), parsed.signerId!.byteOffset - frame.byteOffset);
    const report = decode(textWith(withCrc(swapped)), { keys: KEYS }).signature;
    expect(report).toMatchObject({ status: 'invalid', key_id: OTHER_SIGNER.keyId, valid: false, text_matches: null });
  });

  test("another frame's signature moved onto this secret: invalid", () => {
    const other = buildFrame(utf8('ID-43'), undefined, undefined, { key: SIGNER });
    const moved = frame.slice();
    moved.set(other.subarray(other.length - 68, other.length - 4), frame.length - 68);
    expect(statusOf(textWith(withCrc(moved)))).toBe('invalid');
  });

  test('a bound signature moved to another text: never "valid"', () => {
    const { encoded } = encode(CORPUS.latin, 'ID-42', {
      method: 'char',
      firstLetterOnly: true,
      signingKey: SIGNER,
      bindText: true,
    });
    const marks = encoded.slice(1, encoded.length - CORPUS.latin.length + 1);
    const transplanted = CORPUS.accented[0] + marks + CORPUS.accented.slice(1);
    expect(decode(transplanted, { keys: KEYS }).decoded).toBe('ID-42');
    expect(statusOf(transplanted)).toBe('text_changed');
  });

  test('a truncated signature, with the CRC made right again: no frame', () => {
    for (const cut of [1, 8, 32, 63]) {
      const truncated = withCrc(Uint8Array.from([...frame.subarray(0, frame.length - 4 - cut), 0, 0, 0, 0]));
      expect(() => verify(textWith(truncated), { keys: KEYS })).toThrow(expect.objectContaining({ code: 'CORRUPTED' }));
    }
  });

  test('the marks cut short in the text: no verdict', () => {
    const { encoded } = encode(LONG, 'ID-42', { method: 'single', signingKey: SIGNER });
    const cut = Array.from(encoded).slice(0, 150).join('');
    expect(() => verify(cut, { keys: KEYS })).toThrow(expect.objectContaining({ code: 'CORRUPTED' }));
  });

  test('dropping the signature (signed flag cleared, signer id and signature removed): unsigned, not valid', () => {
    const unsigned = buildFrame(utf8('ID-42'));
    expect(statusOf(textWith(unsigned))).toBe('unsigned');
  });

  test("re-signing an encrypted mark with another key: the channel's AES key no longer opens it", () => {
    const sealed = buildFrame(utf8('ID-42'), AES_KEY, undefined, { key: SIGNER });
    const parsed = parseFrameAt(sealed, 0)!;
    // the attacker's frame: the same nonce and ciphertext under their own signer id and signature
    const resigned = buildFrame(utf8('ignored'), AES_KEY, parsed.nonce!, { key: OTHER_SIGNER });
    const header = resigned.slice(0, parseFrameAt(resigned, 0)!.header.length);
    header[2] = parsed.body.length;
    const unsignedPart = Uint8Array.from([...header, ...parsed.body]);
    const message = Uint8Array.from([...utf8('wm signed mark v1\0'), ...unsignedPart]);
    const whole = withCrc(Uint8Array.from([...unsignedPart, ...signMessage(OTHER_SIGNER, message), 0, 0, 0, 0]));
    const text = textWith(whole);
    expect(statusOf(text)).toBe('valid');
    expect(verify(text, { keys: KEYS }).marks[0].signature.signer).toBe('Someone Else');
    expect(() => decode(text, { key: AES_KEY })).toThrow(expect.objectContaining({ code: 'CORRUPTED' }));
  });
});

describe('forgeries of robust marks never verify', () => {
  // A forger who rewrites every copy of a genuine robust mark (standard stealth, so the marks are plain symbols)
  // with a frame of their making, the CRC right: the vote and the bit correction then agree on the forged frame,
  // and only the signature can refuse it.
  const frame = buildFrame(utf8('ID-42'), undefined, undefined, { key: SIGNER });
  const { watermarked } = encodeRobust(LONG.repeat(2), 'ID-42', { seed: 5, signingKey: SIGNER });
  const markOf = new Map(PLAIN.selectorOf.map((selector, mark) => [selector, mark]));
  const rewritten = (forged: Uint8Array): string => {
    const copy = layoutCopy(forged);
    let k = 0;
    return Array.from(watermarked, (c) => (markOf.has(c) ? PLAIN.selectorOf[copy.marks[k++ % copy.length]] : c)).join(
      '',
    );
  };
  const verdictOf = (text: string): string => {
    try {
      return statusOf(text);
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  test('the rewriting reproduces the genuine mark, and a changed secret is read back: invalid', () => {
    expect(rewritten(frame)).toBe(watermarked);
    const changed = frame.slice();
    changed[parseFrameAt(frame, 0)!.body.byteOffset] ^= 1;
    const forged = rewritten(withCrc(changed));
    expect(decodeRobust(forged, { keys: KEYS })).toMatchObject({ decoded: 'HD-42', signature: { status: 'invalid' } });
  });

  test('every single flipped bit in every copy, the CRC made right again: never valid', () => {
    for (let bit = 0; bit < (frame.length - 4) * 8; bit++) {
      const changed = frame.slice();
      changed[bit >> 3] ^= 0x80 >> (bit & 7);
      expect(verdictOf(rewritten(withCrc(changed))), `bit ${bit}`).not.toMatch(/^(valid|text_changed)$/);
    }
  });

  test("a swapped signer id, another frame's signature, a truncated signature: never valid", () => {
    const swapped = frame.slice();
    swapped.set(signerIdOf(OTHER_SIGNER.publicKey), 3);
    expect(verdictOf(rewritten(withCrc(swapped)))).toBe('invalid');
    const other = buildFrame(utf8('ID-43'), undefined, undefined, { key: SIGNER });
    const moved = frame.slice();
    moved.set(other.subarray(other.length - 68, other.length - 4), frame.length - 68);
    expect(verdictOf(rewritten(withCrc(moved)))).toBe('invalid');
    const truncated = withCrc(Uint8Array.from([...frame.subarray(0, frame.length - 4 - 32), 0, 0, 0, 0]));
    expect(verdictOf(rewritten(truncated))).not.toMatch(/^(valid|text_changed)$/);
  });
});
