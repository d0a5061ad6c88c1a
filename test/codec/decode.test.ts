import { describe, expect, test } from 'vitest';
import { decode } from '../../src/codec/decode.js';
import { encode } from '../../src/codec/encode.js';
import { buildFrame } from '../../src/codec/frame.js';
import { selectorsForBytes } from '../../src/codec/selectors.js';
import { UNSIGNED } from '../../src/codec/signature-report.js';
import { CORPUS } from './corpus.js';

const KEY = new Uint8Array(32).fill(1);
const OTHER_KEY = new Uint8Array(32).fill(2);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const code = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('decode', () => {
  test('text without payload selectors → NO_WATERMARK, with the spec message', () => {
    expect(() => decode('plain text')).toThrow(
      expect.objectContaining({ code: 'NO_WATERMARK', message: 'No watermark found in text' }),
    );
    expect(code(() => decode(''))).toBe('NO_WATERMARK');
  });

  test('presentation selectors that belong to the text are not a watermark', () => {
    for (const text of [
      CORPUS.heartNy,
      CORPUS.keycaps,
      CORPUS.emojiZwj,
      '葛\u{E0100}飾区',
      '≩\uFE00 math',
      '©\uFE0E',
    ]) {
      expect(code(() => decode(text))).toBe('NO_WATERMARK');
    }
  });

  test('interop: a raw selector run built from the mapping decodes as UTF-8 text', () => {
    const raw = `Hi${selectorsForBytes(utf8('héllo wörld ✓ 😀\n'))} there`;
    expect(decode(raw)).toMatchObject({
      decoded: 'héllo wörld ✓ 😀\n',
      keyed: false,
      watermarks: [{ decoded: 'héllo wörld ✓ 😀\n', keyed: false }],
    });
  });

  test('a raw run of bytes that are not UTF-8 text is CORRUPTED', () => {
    expect(() => decode(`a${selectorsForBytes(Uint8Array.of(0xff, 0xfe, 0x41))}`)).toThrow(
      expect.objectContaining({ code: 'CORRUPTED', message: 'Watermark data corrupted (integrity check fails)' }),
    );
  });

  test('a raw run holding C0 controls is CORRUPTED, not text', () => {
    expect(code(() => decode(`a${selectorsForBytes(Uint8Array.of(0x41, 0x00, 0x42))}`))).toBe('CORRUPTED');
    expect(code(() => decode(`a${selectorsForBytes(Uint8Array.of(0x41, 0x7f))}`))).toBe('CORRUPTED');
    expect(decode(`a${selectorsForBytes(utf8('tab\there\r\n'))}`).decoded).toBe('tab\there\r\n');
  });

  test('a frame whose magic byte was changed or dropped never reads as another secret', () => {
    for (const key of [undefined, KEY]) {
      const frame = buildFrame(utf8('launch code'), key);
      for (let magic = 0; magic < 256; magic++) {
        if (magic === 0xf7) continue;
        const changed = Uint8Array.from(frame);
        changed[0] = magic;
        expect(code(() => decode(`x${selectorsForBytes(changed)}`, { key }))).toBe('CORRUPTED');
      }
      expect(code(() => decode(`x${selectorsForBytes(frame.subarray(1))}`, { key }))).toBe('CORRUPTED');
    }
  });

  test('keyed: wrong key → KEY_MISMATCH, missing key → KEY_REQUIRED, right key opens', () => {
    const { encoded } = encode(CORPUS.latin, 'classified', { key: KEY });
    expect(() => decode(encoded, { key: OTHER_KEY })).toThrow(expect.objectContaining({ code: 'KEY_MISMATCH' }));
    expect(() => decode(encoded)).toThrow(expect.objectContaining({ code: 'KEY_REQUIRED' }));
    expect(decode(encoded, { key: KEY })).toMatchObject({
      decoded: 'classified',
      keyed: true,
      stats: { decodedLength: 10 },
    });
  });

  test('an unkeyed watermark decodes with or without a key', () => {
    const { encoded } = encode(CORPUS.latin, 'open');
    expect(decode(encoded, { key: KEY }).decoded).toBe('open');
  });

  test('a key of the wrong size is INVALID_INPUT', () => {
    expect(code(() => decode('x', { key: new Uint8Array(16) }))).toBe('INVALID_INPUT');
  });

  test('several watermarks in one text are all found, in order', () => {
    const text = [
      encode(CORPUS.latin, 'first').encoded,
      encode(CORPUS.accented, 'second', { method: 'char' }).encoded,
      encode(CORPUS.emojiZwj, 'third', { key: KEY }).encoded,
    ].join('\n');
    const result = decode(text, { key: KEY });
    expect(result.decoded).toBe('first');
    expect(result.watermarks).toEqual([
      { decoded: 'first', keyed: false, signature: UNSIGNED },
      { decoded: 'second', keyed: false, signature: UNSIGNED },
      { decoded: 'third', keyed: true, signature: UNSIGNED },
    ]);
  });

  test('frames that cannot be opened are left out when another one opens', () => {
    const text =
      encode(CORPUS.latin, 'keyed one', { key: OTHER_KEY }).encoded + encode(CORPUS.accented, 'plain one').encoded;
    const found = decode(text, { key: KEY }).watermarks;
    expect(found).toEqual([{ decoded: 'plain one', keyed: false, signature: UNSIGNED }]);
  });

  test('when no frame opens, the most informative error wins', () => {
    const keyed = encode(CORPUS.latin, 'k', { key: OTHER_KEY }).encoded;
    const damaged = encode(CORPUS.accented, 'damaged').encoded.replace('\uFE00', '\uFE02'); // unknown flags
    expect(code(() => decode(damaged + keyed, { key: KEY }))).toBe('KEY_MISMATCH');
    expect(code(() => decode(damaged + keyed))).toBe('KEY_REQUIRED');
    expect(code(() => decode(damaged))).toBe('CORRUPTED');
  });

  test('decodedLength counts UTF-16 code units of the decoded string', () => {
    const { encoded } = encode(CORPUS.latin, 'a😀');
    expect(decode(encoded).stats.decodedLength).toBe('a😀'.length);
  });
});
