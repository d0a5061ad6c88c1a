import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMarks } from 'wm-watermark-codec/findings';
import { scanFile } from '../src/scan-file.js';

// Every sequence of Unicode's own data files, written out as text, is text: wm scan finds nothing in it. The files
// are Debian's `unicode-data` (/usr/share/unicode; .ci/run installs it), read as they are; WM_UNICODE_DATA names
// another folder of the same layout. The codec's tables are Unicode 17.0.0's, with the sequences 15.0 registered and
// 16.0 withdrew (packages/codec/src/unicode/lookup.ts), so the files of any version from 15.0 on must pass.

const DATA = process.env.WM_UNICODE_DATA ?? '/usr/share/unicode';
const FILES = [
  'emoji/emoji-test.txt',
  'emoji/emoji-zwj-sequences.txt',
  'emoji/emoji-sequences.txt',
  'emoji/emoji-variation-sequences.txt',
  'StandardizedVariants.txt',
];

/** The sequences of one data file: its first field, code points in hex (a range `A..B` is each of them). */
function sequencesOf(file: string): string[] {
  return readFileSync(join(DATA, file), 'utf8')
    .split('\n')
    .map((line) => line.split('#')[0].split(';')[0].trim())
    .filter((field) => field !== '')
    .flatMap((field) => {
      const range = /^([0-9A-F]+)\.\.([0-9A-F]+)$/.exec(field);
      if (!range) return [String.fromCodePoint(...field.split(/\s+/).map((hex) => parseInt(hex, 16)))];
      const [first, last] = [parseInt(range[1], 16), parseInt(range[2], 16)];
      return Array.from({ length: last - first + 1 }, (_, k) => String.fromCodePoint(first + k));
    });
}

const dir = mkdtempSync(join(tmpdir(), 'wm-unicode-sequences-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Unicode's own sequences are no finding", () => {
  const version = /Version:?\s*(\d+\.\d+)|-(\d+\.\d+)\.\d+\.txt/.exec(
    readFileSync(join(DATA, 'StandardizedVariants.txt'), 'utf8'),
  );

  it.each(FILES)('%s: every sequence alone on a line, and inside words', async (file) => {
    const sequences = sequencesOf(file);
    expect(sequences.length, `${file} of Unicode ${version?.[1] ?? version?.[2]}`).toBeGreaterThan(50);
    const lines = sequences.flatMap((sequence) => [sequence, `word${sequence}word`]);
    const text = `${lines.join('\n')}\n`;
    const found = findMarks(text, { firstPositions: 3 });
    expect(
      found.hidden.map((kind) => ({
        kind: kind.kind,
        count: kind.count,
        first: kind.offsets.map((at) => text.slice(Math.max(0, at - 8), at + 4)),
      })),
    ).toEqual([]);
    expect([found.watermarks, found.robust, found.c2pa]).toEqual([[], [], []]);
    const path = join(dir, file.replace('/', '-'));
    writeFileSync(path, text);
    expect(await scanFile(path, { positions: 3 })).toMatchObject({ type: 'clean' });
  });

  it('covers the sequences the issue counted (9,345 in Unicode 15.0)', () => {
    expect(FILES.map(sequencesOf).flat().length).toBeGreaterThanOrEqual(9_000);
  });
});
