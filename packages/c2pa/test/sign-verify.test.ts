import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { C2paSignError, signText, verifyText, type C2paVerification } from 'wm-watermark-c2pa';
import { credentialsFor, GENERATOR, TRUSTED_CODES } from './credentials.js';

const failures = (result: C2paVerification | null): string[] => result?.failure.map(({ code }) => code) ?? [];
const TEXT = 'The minutes of the meeting, as approved.\nSecond paragraph, with é and 😀.\n';

/** A wrapper's unit (a variation selector) as the byte it carries, and back. */
const byteOfUnit = (unit: string): number => {
  const codePoint = unit.codePointAt(0)!;
  return codePoint < 0xe0100 ? codePoint - 0xfe00 : codePoint - 0xe0100 + 16;
};
const unitOfByte = (byte: number): string =>
  byte < 16 ? String.fromCodePoint(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);

/** The text with the byte at `index` of its one wrapper (counted from the magic) made `byte`. */
function withWrapperByte(text: string, index: number, byte: number): string {
  const [wrapper] = findC2paWrappers(text);
  const units = [...text.slice(wrapper.index + 1, wrapper.end)];
  units[index] = unitOfByte(byte);
  return text.slice(0, wrapper.index + 1) + units.join('') + text.slice(wrapper.end);
}

describe('signing a text and verifying it', () => {
  test.each(['es256', 'ed25519'] as const)(
    '%s: trusted with its root, "valid" (unknown signer) without',
    async (algorithm) => {
      const { credentials, anchors } = await credentialsFor(algorithm);
      const signed = signText(TEXT, {
        credentials,
        generator: GENERATOR,
        actions: ['c2pa.published'],
        title: 'Minutes',
      });
      expect(signed.text.endsWith('\n')).toBe(true);
      const trusted = await verifyText(signed.text, { trustAnchors: anchors });
      expect(trusted).toMatchObject({
        state: 'trusted',
        failure: [],
        algorithm,
        title: 'Minutes',
        claimGenerator: 'wm-test 0.0.0',
        signer: { name: `Test Press ${algorithm}` },
      });
      expect(trusted!.success.map(({ code }) => code).sort()).toEqual(TRUSTED_CODES);
      expect(trusted!.actions!.map(({ action }) => action)).toEqual(['c2pa.created', 'c2pa.published']);
      const unknown = await verifyText(signed.text);
      expect(unknown!.state).toBe('valid');
      expect(failures(unknown)).toEqual(['signingCredential.untrusted']);
    },
  );

  test('another root does not make the signer trusted', async () => {
    const [{ credentials }, other] = await Promise.all([credentialsFor('es256'), credentialsFor('ed25519')]);
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    expect(failures(await verifyText(signed.text, { trustAnchors: other.anchors }))).toEqual([
      'signingCredential.untrusted',
    ]);
  });

  test('stripping the wrapper gives the text back; the wrapper sits before the final line breaks', async () => {
    const { credentials } = await credentialsFor('ed25519');
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    const [wrapper] = findC2paWrappers(signed.text);
    expect(signed.text.slice(0, wrapper.index) + signed.text.slice(wrapper.end)).toBe(TEXT);
    expect(signed.text.slice(wrapper.end)).toBe('\n');
  });

  test('a text that already carries a manifest is refused: two would make readers reject both', async () => {
    const { credentials } = await credentialsFor('es256');
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    expect(() => signText(signed.text, { credentials, generator: GENERATOR })).toThrow(C2paSignError);
    const doubled = signed.text + signText('another', { credentials, generator: GENERATOR }).text;
    expect(failures(await verifyText(doubled))).toEqual(['manifest.text.multipleWrappers']);
  });

  test('the hard binding normalises to NFC after removing the wrapper: NFD storage still verifies', async () => {
    const { credentials, anchors } = await credentialsFor('es256');
    const signed = signText('Café crème'.normalize('NFC'), { credentials, generator: GENERATOR });
    const [wrapper] = findC2paWrappers(signed.text);
    const nfd = signed.text.slice(0, wrapper.index).normalize('NFD');
    // the wrapper is no longer where the exclusion says once the text before it changes length in UTF-8
    expect(failures(await verifyText(nfd + signed.text.slice(wrapper.index), { trustAnchors: anchors }))).toEqual([
      'assertion.dataHash.mismatch',
    ]);
    const storedNfd = signText('Café crème'.normalize('NFD'), { credentials, generator: GENERATOR });
    expect((await verifyText(storedNfd.text, { trustAnchors: anchors }))!.state).toBe('trusted');
  });

  test('a wm watermark in the text is named by a soft binding, never by its secret', async () => {
    const { credentials, anchors } = await credentialsFor('ed25519');
    const marked = encode('A watermarked sentence to sign, long enough to carry it.', 'secret-42').encoded;
    const signed = signText(marked, { credentials, generator: GENERATOR });
    expect(signed.softBinding).toBe(true);
    const result = await verifyText(signed.text, { trustAnchors: anchors });
    expect(result).toMatchObject({
      state: 'trusted',
      softBinding: { alg: 'wm-watermark.text-marks.1', matches: true },
    });
    expect(JSON.stringify(result)).not.toContain('secret-42');
    expect(signText('plain text', { credentials, generator: GENERATOR }).softBinding).toBe(false);
  });
});

describe('a verification never calls a changed text valid', () => {
  test('any edit of the visible text, anywhere, fails the hard binding', async () => {
    const { credentials, anchors } = await credentialsFor('es256');
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    const [wrapper] = findC2paWrappers(signed.text);
    const visible = [
      [0, wrapper.index],
      [wrapper.end, signed.text.length],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: TEXT.length }),
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.nat(3),
        async (at, inserted, removed) => {
          const [from, to] = at <= wrapper.index ? visible[0] : visible[1];
          const place = Math.min(Math.max(at, from), to);
          const edited = signed.text.slice(0, place) + inserted + signed.text.slice(Math.min(place + removed, to));
          fc.pre(edited.normalize('NFC') !== signed.text.normalize('NFC'));
          const result = await verifyText(edited, { trustAnchors: anchors });
          expect(result?.state ?? 'none').not.toBe('trusted');
          expect(result?.state ?? 'none').not.toBe('valid');
        },
      ),
      { numRuns: 150 },
    );
  });

  test('any byte of the wrapper changed: never valid, and a reason is given', async () => {
    const { credentials, anchors } = await credentialsFor('ed25519');
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    const [wrapper] = findC2paWrappers(signed.text);
    const units = [...signed.text.slice(wrapper.index + 1, wrapper.end)];
    // the manifest's label is its name in the store, outside what C2PA signs (a claim v2 does not repeat it)
    const label = new TextEncoder().encode(signed.manifest);
    const store = units.slice(13).map(byteOfUnit);
    const labelAt = 13 + Buffer.from(store).indexOf(Buffer.from(label));
    await fc.assert(
      fc.asyncProperty(fc.nat(units.length - 1), fc.integer({ min: 1, max: 255 }), async (index, delta) => {
        const text = withWrapperByte(signed.text, index, (byteOfUnit(units[index]) + delta) % 256);
        const result = await verifyText(text, { trustAnchors: anchors });
        // a changed padding byte is still padding; a changed magic makes the run no wrapper (A.8: not a candidate),
        // and the text then carries no manifest at all; anything else must fail, saying why
        if (index >= 13 + signed.bytes || (index >= labelAt && index < labelAt + label.length)) return;
        if (index < 8) {
          expect(result === null || result.state === 'invalid').toBe(true);
        } else {
          expect(result!.state).toBe('invalid');
          expect(result!.failure.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a signature whose unprotected header is no map is malformed, though nothing signs that header', async () => {
    // found by the property above (seed 1692715630): the empty map (0xa0) made CBOR's simple value 0 (0xe0)
    const { credentials, anchors } = await credentialsFor('ed25519');
    const signed = signText(TEXT, { credentials, generator: GENERATOR });
    const [wrapper] = findC2paWrappers(signed.text);
    const bytes = Buffer.from([...signed.text.slice(wrapper.index + 1, wrapper.end)].map(byteOfUnit));
    // the COSE_Sign1's unprotected header, before its nil payload and its 64-byte Ed25519 signature
    const at = bytes.lastIndexOf(Buffer.from([0xa0, 0xf6, 0x58, 0x40]));
    expect(at).toBeGreaterThan(13);
    const result = await verifyText(withWrapperByte(signed.text, at, 0xe0), { trustAnchors: anchors });
    expect(result!.state).toBe('invalid');
    expect(result!.failure.length).toBeGreaterThan(0);
  });
});
