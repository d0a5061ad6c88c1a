import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  c2paManifestStore,
  c2paPadding,
  c2paWrapperText,
  c2paWrapperUtf8Length,
  findC2paWrappers,
} from 'wm-watermark-codec/c2pa';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { verifyText } from 'wm-watermark-c2pa';

/** Byte-for-byte framing against the public vectors (vectors/SOURCE.md says where each comes from). */

interface WritersLogicVectors {
  host: string;
  payload_ascii: string;
  unpadded_wrapper_hex: string;
  padded_wrapper_hex: string;
  padded_length: number;
  exclusion: { start: number; length: number };
  embedded_length: number;
  padding: Record<string, number[]>;
  unrepresentable_gaps: number[];
  negative_cases: { name: string }[];
}

interface EncypherVectors {
  manifest_hex: string;
  text: string;
  embedded_hex: string;
  wrapper_hex: string;
  padded_wrapper_hex: string;
  padded_target: number;
}

const vectors = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`vectors/${name}`, import.meta.url), 'utf8')) as T;
const writerslogic = vectors<WritersLogicVectors>('writerslogic-c2pa-unstructured-text.json');
const encypher = vectors<EncypherVectors>('encypher-c2pa-text.json');
const utf8Hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
const fromHex = (hex: string): string => Buffer.from(hex, 'hex').toString('utf8');
const storeOf = (text: string): Uint8Array | null => {
  const [wrapper] = findC2paWrappers(text);
  return wrapper ? c2paManifestStore(text, wrapper) : null;
};

/** A marker and the selectors of a frame, built as the Rust test builds its negative cases. */
function rawWrapper(magicHex: string, version: number, declared: number, payload: Uint8Array): string {
  const header = Buffer.alloc(13);
  Buffer.from(magicHex, 'hex').copy(header);
  header[8] = version;
  header.writeUInt32BE(declared, 9);
  return `\uFEFF${selectorsForBytes(new Uint8Array(Buffer.concat([header, payload])))}`;
}

describe('C2PA 2.4 A.8 vectors of writerslogic/c2pa-unstructured-text', () => {
  const payload = new TextEncoder().encode(writerslogic.payload_ascii);

  test('the unpadded and the padded wrapper are the published bytes', () => {
    expect(utf8Hex(c2paWrapperText(payload, { padded: false }))).toBe(writerslogic.unpadded_wrapper_hex);
    expect(utf8Hex(c2paWrapperText(payload))).toBe(writerslogic.padded_wrapper_hex);
    expect(c2paWrapperUtf8Length(payload.length)).toBe(writerslogic.padded_length);
  });

  test('padding decomposes as the specification fixes it, and refuses the gaps no padding fills', () => {
    for (const [gap, bytes] of Object.entries(writerslogic.padding)) {
      expect([...c2paPadding(Number(gap))]).toEqual(bytes);
    }
    for (const gap of writerslogic.unrepresentable_gaps) expect(() => c2paPadding(gap)).toThrow(RangeError);
  });

  test('the published exclusion: the wrapper starts after the host text and is 114 bytes long', () => {
    const asset = writerslogic.host + fromHex(writerslogic.unpadded_wrapper_hex);
    const [wrapper] = findC2paWrappers(asset);
    const start = Buffer.byteLength(asset.slice(0, wrapper.index));
    expect({ start, length: Buffer.byteLength(asset.slice(wrapper.index, wrapper.end)) }).toEqual(
      writerslogic.exclusion,
    );
    expect(Buffer.byteLength(asset)).toBe(writerslogic.embedded_length);
    expect(storeOf(asset)).toEqual(payload);
    expect(storeOf(writerslogic.host + fromHex(writerslogic.padded_wrapper_hex))).toEqual(payload);
  });

  test('every negative case gives the specified status code', async () => {
    const host = writerslogic.host;
    const good = c2paWrapperText(payload, { padded: false });
    const magic = Buffer.from('C2PATXT\0').toString('hex');
    const cases: [string, string, string | null][] = [
      ['bad-magic', host + rawWrapper('4332504154585401', 1, 16, payload), null],
      ['no-wrapper', host, null],
      ['bad-version', host + rawWrapper(magic, 2, 16, payload), 'manifest.text.corruptedWrapper'],
      ['bad-length', host + rawWrapper(magic, 1, 24, payload), 'manifest.text.corruptedWrapper'],
      ['two-wrappers', host + good + good, 'manifest.text.multipleWrappers'],
    ];
    expect(cases.map(([name]) => name)).toEqual(writerslogic.negative_cases.map((c) => c.name));
    for (const [name, text, code] of cases) {
      const result = await verifyText(text);
      expect([name, result === null ? null : result.failure[0].code]).toEqual([name, code]);
      if (result) expect(result.state).toBe('invalid');
    }
  });
});

describe('encypherai/c2pa-text (its TypeScript reference)', () => {
  const manifest = Buffer.from(encypher.manifest_hex, 'hex');

  test('its unpadded wrapper is ours byte for byte, appended to the text', () => {
    expect(utf8Hex(c2paWrapperText(manifest, { padded: false }))).toBe(encypher.wrapper_hex);
    expect(utf8Hex(encypher.text + c2paWrapperText(manifest, { padded: false }))).toBe(encypher.embedded_hex);
  });

  test('its padding (0xFF, not the specification 0x10) is still padding: the same length and the same store', () => {
    const theirs = fromHex(encypher.padded_wrapper_hex);
    const ours = c2paWrapperText(manifest);
    expect(Buffer.byteLength(theirs)).toBe(encypher.padded_target);
    expect(Buffer.byteLength(ours)).toBe(encypher.padded_target);
    expect(ours).not.toBe(theirs);
    expect(storeOf(encypher.text + theirs)).toEqual(new Uint8Array(manifest));
    expect(storeOf(encypher.text + ours)).toEqual(new Uint8Array(manifest));
  });
});
