import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { buildFrame } from '../src/frame.js';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { UNSIGNED } from 'wm-watermark-codec/signature-report';
import { CORPUS } from './carrier-samples.js';
import { failureOf } from './codec-failure.js';

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

  test('a raw selector run is no secret by default: CORRUPTED, the run listed with its bytes', () => {
    const text = `Hi${selectorsForBytes(utf8('héllo'))} there`;
    const failure = failureOf(() => decode(text));
    expect(failure.code).toBe('CORRUPTED');
    expect(failure.message).toMatch(/a run of selectors that is no wm watermark/);
    expect(failure.rawRuns).toEqual([{ offset: 2, length: 6, bytes: '68 c3 a9 6c 6c 6f' }]);
  });

  test('rawRuns: a raw selector run reads as UTF-8 text, of kind raw, with a warning that nothing checks it', () => {
    const raw = `Hi${selectorsForBytes(utf8('héllo wörld ✓ 😀\n'))} there`;
    const result = decode(raw, { rawRuns: true });
    expect(result).toMatchObject({
      decoded: 'héllo wörld ✓ 😀\n',
      keyed: false,
      watermarks: [{ kind: 'raw', decoded: 'héllo wörld ✓ 😀\n', keyed: false }],
      raw_runs: [{ offset: 2, length: 23 }],
    });
    expect(result.warnings).toEqual([expect.stringMatching(/no integrity check/)]);
  });

  test('rawRuns: each run is read on its own; verified watermarks come first', () => {
    const marked = encode(CORPUS.latin, 'ours').encoded;
    const text = `a${selectorsForBytes(utf8('one'))} b${selectorsForBytes(utf8('two'))} ${marked}`;
    expect(decode(text, { rawRuns: true }).watermarks.map((found) => [found.kind, found.decoded])).toEqual([
      ['vs', 'ours'],
      ['raw', 'one'],
      ['raw', 'two'],
    ]);
    // without rawRuns: ours, and both runs listed
    const result = decode(text);
    expect(result.watermarks).toEqual([{ kind: 'vs', decoded: 'ours', keyed: false, signature: UNSIGNED }]);
    expect(result.raw_runs?.map((run) => run.bytes)).toEqual(['6f 6e 65', '74 77 6f']);
    expect(result.warnings).toBeUndefined();
  });

  test('rawRuns: bytes that are not UTF-8 text, or hold C0 controls, are never read', () => {
    const read = (bytes: number[]) => () => decode(`a${selectorsForBytes(Uint8Array.from(bytes))}`, { rawRuns: true });
    expect(failureOf(read([0xff, 0xfe, 0x41])).code).toBe('CORRUPTED');
    expect(failureOf(read([0x41, 0x00, 0x42])).code).toBe('CORRUPTED');
    expect(failureOf(read([0x41, 0x7f])).code).toBe('CORRUPTED');
    expect(decode(`a${selectorsForBytes(utf8('tab\there\r\n'))}`, { rawRuns: true }).decoded).toBe('tab\there\r\n');
  });

  test('raw runs listed: at most 100, each with at most 64 bytes shown', () => {
    const runs = Array.from({ length: 120 }, (_, k) => `w${selectorsForBytes(utf8(`run ${k} `.repeat(20)))} `);
    const failure = failureOf(() => decode(runs.join('')));
    expect(failure.rawRuns).toHaveLength(100);
    expect(failure.rawRuns![0]).toMatchObject({ offset: 1, length: 120 });
    expect(failure.rawRuns![0].bytes.split(' ')).toHaveLength(64);
    expect(decode(runs.join(''), { rawRuns: true }).warnings).toContainEqual('20 more raw runs found but not listed');
  });

  test('rawRuns is a boolean', () => {
    expect(code(() => decode('x', { rawRuns: 'yes' as unknown as boolean }))).toBe('INVALID_INPUT');
    expect(code(() => decode('x', { acceptUnkeyed: 1 as unknown as boolean }))).toBe('INVALID_INPUT');
  });

  test('a frame whose magic byte was changed or dropped never reads as another secret', () => {
    for (const key of [undefined, KEY]) {
      const frame = buildFrame(utf8('launch code'), key);
      for (let magic = 0; magic < 256; magic++) {
        if (magic === 0xf7) continue;
        const changed = Uint8Array.from(frame);
        changed[0] = magic;
        for (const rawRuns of [false, true]) {
          expect(code(() => decode(`x${selectorsForBytes(changed)}`, { key, rawRuns }))).toBe('CORRUPTED');
        }
      }
      for (const rawRuns of [false, true]) {
        expect(code(() => decode(`x${selectorsForBytes(frame.subarray(1))}`, { key, rawRuns }))).toBe('CORRUPTED');
      }
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

  test('a key means keyed: an unkeyed watermark is UNKEYED with a key, read only with acceptUnkeyed', () => {
    const { encoded } = encode(CORPUS.latin, 'open');
    expect(decode(encoded).decoded).toBe('open');
    expect(failureOf(() => decode(encoded, { key: KEY }))).toMatchObject({
      code: 'UNKEYED',
      message: expect.stringMatching(/not keyed, though a key was given/),
    });
    expect(decode(encoded, { key: KEY, acceptUnkeyed: true })).toMatchObject({
      decoded: 'open',
      keyed: false,
      warnings: ['the watermark is not keyed: anyone can make such a mark, so it does not show who holds the key'],
    });
    // a raw run read as text is unkeyed too
    const raw = `a${selectorsForBytes(utf8('raw'))}`;
    expect(code(() => decode(raw, { key: KEY, rawRuns: true }))).toBe('UNKEYED');
    expect(decode(raw, { key: KEY, rawRuns: true, acceptUnkeyed: true }).decoded).toBe('raw');
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
    const result = decode(text, { key: KEY, acceptUnkeyed: true });
    expect(result.decoded).toBe('first');
    expect(result.watermarks).toEqual([
      { kind: 'vs', decoded: 'first', keyed: false, signature: UNSIGNED },
      { kind: 'vs', decoded: 'second', keyed: false, signature: UNSIGNED },
      { kind: 'vs', decoded: 'third', keyed: true, signature: UNSIGNED },
    ]);
    // with the key alone, the keyed one is the answer and the others are left out, said in warnings
    expect(decode(text, { key: KEY })).toMatchObject({
      decoded: 'third',
      watermarks: [{ kind: 'vs', decoded: 'third', keyed: true }],
      warnings: [expect.stringMatching(/^2 unkeyed watermarks left out: a key was given/)],
    });
  });

  test('frames that cannot be opened are left out when another one opens', () => {
    const text =
      encode(CORPUS.latin, 'keyed one', { key: OTHER_KEY }).encoded + encode(CORPUS.accented, 'plain one').encoded;
    const found = decode(text, { key: KEY, acceptUnkeyed: true }).watermarks;
    expect(found).toEqual([{ kind: 'vs', decoded: 'plain one', keyed: false, signature: UNSIGNED }]);
    expect(code(() => decode(text, { key: KEY }))).toBe('KEY_MISMATCH');
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
