import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { encode, encodeInsertions, type EncodeOptions } from 'wm-watermark-codec';
import { markedPieces } from '../../src/cli/codec/marked-bytes.js';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

// astral letters and emoji before and between the carriers, so UTF-16 and UTF-8 offsets drift apart
const ASTRAL = '𝒜𝒷𝒸 😀👍🏽 🇫🇷 👩‍👩‍👧 ❤️ 葛 façade';

const TEXTS: [name: string, text: string][] = [
  ['CRLF line ends', `${CARRIER}\r\nsecond line\r\n${CARRIER}\r\n`],
  ['a byte-order mark', `\uFEFF${CARRIER}\n`],
  ['astral characters', `${ASTRAL} ${CARRIER} ${ASTRAL}\n`],
  ['all of them', `\uFEFF${ASTRAL}\r\n${CARRIER}\r\n${ASTRAL}\r\n`],
];

const METHODS: [name: string, options: Omit<EncodeOptions, 'output'>, args: string[]][] = [
  ['auto', {}, []],
  ['single', { method: 'single' }, ['--method', 'single']],
  ['chunked 3', { method: 'chunked', chunkSize: 3 }, ['--method', 'chunked', '--chunk-size', '3']],
  ['char', { method: 'char' }, ['--method', 'char']],
  ['char, first letter only', { method: 'char', firstLetterOnly: true }, ['--first-letter-only']],
  ['pattern', { method: 'pattern', pattern: 'lazy dog' }, ['--pattern', 'lazy dog']],
];

const SECRET = 'tail 🔑';

const written = (pieces: (Uint8Array | string)[]): Buffer =>
  Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));

describe('encode written as the input bytes around the marks', () => {
  for (const [textName, text] of TEXTS) {
    it.each(METHODS)(`equals the in-memory encoding, byte for byte, with ${textName}, method %s`, (_name, options) => {
      const bytes = Buffer.from(text, 'utf8');
      const pieces = markedPieces(bytes, text, encodeInsertions(text, SECRET, options).insertions);
      expect(written(pieces).equals(Buffer.from(encode(text, SECRET, options).encoded, 'utf8'))).toBe(true);
    });
  }

  it('writes the untouched tail as a view of the input, not a copy', () => {
    const text = `${ASTRAL} ${CARRIER}\n`.repeat(100);
    const bytes = Buffer.from(text, 'utf8');
    const tail = markedPieces(bytes, text, encodeInsertions(text, SECRET).insertions).at(-1) as Uint8Array;
    expect(tail.buffer).toBe(bytes.buffer);
    expect(tail.byteOffset + tail.length).toBe(bytes.byteOffset + bytes.length);
  });

  it('ends with the marks when they go after the last grapheme', () => {
    const text = `${ASTRAL} x`;
    const options = { method: 'pattern', pattern: 'x' } as const;
    const pieces = markedPieces(Buffer.from(text, 'utf8'), text, encodeInsertions(text, SECRET, options).insertions);
    expect(typeof pieces.at(-1)).toBe('string');
    expect(written(pieces).toString('utf8')).toBe(encode(text, SECRET, options).encoded);
  });

  it.each(METHODS)('wm encode -o and to stdout write what --json holds, method %s', async (name, _options, args) => {
    const [, text] = TEXTS[TEXTS.length - 1];
    const input = temp.path(`input-${name}.txt`);
    const out = temp.path(`out-${name}.txt`);
    writeFileSync(input, text);
    const [json, toFile, toStdout] = await Promise.all([
      runWm(['encode', input, '--secret', SECRET, ...args, '--json']),
      runWm(['encode', input, '--secret', SECRET, ...args, '-o', out]),
      runWm(['encode', input, '--secret', SECRET, ...args]),
    ]);
    expect([json.code, toFile.code, toStdout.code]).toEqual([0, 0, 0]);
    const expected = Buffer.from((JSON.parse(json.out) as { encoded: string }).encoded, 'utf8');
    expect(readFileSync(out).equals(expected)).toBe(true);
    expect(toStdout.stdout.equals(expected)).toBe(true);
  });
});
