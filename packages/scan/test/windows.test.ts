import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { strip } from 'wm-watermark-codec/strip';
import { seededRandom } from '../../codec/src/robust/prng.js';
import { encodeText, type TextEncoding } from '../src/encoding.js';
import { FILE_START, originAfter, originAfterBytes, positionsOf } from '../src/positions.js';
import { writeScopeOf } from '../src/write-scope.js';
import { scanFile } from '../src/scan-file.js';
import { c2paWrapper } from '../../codec/test/c2pa-fixtures.js';

// A long file is read in windows so that memory stays flat: reading it in windows of a few hundred bytes must
// report exactly what reading it whole reports, and strip it to exactly the same bytes.

const dir = mkdtempSync(join(tmpdir(), 'wm-windows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SMALL = { window: 700, lookahead: 300 };

/** A text of many lines with every kind of mark, some lines very long (no newline to cut at). */
function mixedText(seed: number): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  const prose = 'Every word of this sentence can carry a little of the hidden message for us';
  for (let k = 0; k < 60; k++) {
    const pick = Math.floor(random() * 9);
    if (pick === 0) lines.push(encode(`${prose} ${k}.`, `secret ${k}`).encoded);
    else if (pick === 1)
      lines.push(`zero\u200B\u200Cwidth ${k} and a flag 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}`);
    else if (pick === 2) lines.push(`right\u202Eto left\u202C ${k} 中文\u{E0100}字 I ❤️ NY`);
    else if (pick === 3) lines.push(`${prose}${c2paWrapper()}`);
    else if (pick === 4) lines.push(`${'long line without a break, '.repeat(40)}\u2060end`);
    else if (pick === 5) lines.push(`тег\u{E0041}\u{E0042} и ქართული ${k}`);
    else lines.push(`${prose} ${k}, nothing hidden.`);
  }
  return lines.join(random() < 0.5 ? '\n' : '\r\n');
}

describe('windows', () => {
  it('positions: lines from 1 at each LF, columns in code points and in UTF-16 units; an origin carries over', () => {
    const text = 'ab\ncd😀e\r\nfg';
    expect(positionsOf(text, [0, 4, 7, 3, 11])).toEqual([
      { line: 1, column: 1, utf16Column: 1 },
      { line: 2, column: 2, utf16Column: 2 },
      { line: 2, column: 4, utf16Column: 5 },
      { line: 2, column: 1, utf16Column: 1 },
      { line: 3, column: 2, utf16Column: 2 },
    ]);
    const origin = originAfter(text, 7, FILE_START);
    expect(origin).toEqual({ lines: 1, column: 3, utf16Column: 4 });
    expect(positionsOf(text.slice(7), [0], origin)).toEqual([{ line: 2, column: 4, utf16Column: 5 }]);
    // a window not decoded (no hidden character in its bytes) carries the same origin on
    expect(originAfterBytes(Buffer.from(text.slice(0, 7)), FILE_START)).toEqual(origin);
    expect(originAfterBytes(Buffer.from('🚀x'), origin)).toEqual({ lines: 1, column: 5, utf16Column: 7 });
  });

  for (const encoding of ['utf-8', 'utf-16le', 'utf-16be'] as TextEncoding[]) {
    it(`a file read in small windows reports what it reports read whole (${encoding})`, async () => {
      for (let seed = 1; seed <= 4; seed++) {
        const text = (encoding === 'utf-8' ? '' : '\uFEFF') + mixedText(seed);
        const path = join(dir, `mixed-${encoding}-${seed}.txt`);
        writeFileSync(path, encodeText(text, encoding));
        const whole = await scanFile(path, { positions: 5 });
        const windowed = await scanFile(path, { positions: 5, windows: SMALL });
        expect(whole.type).toBe('file');
        expect(windowed).toEqual(whole);
      }
    });
  }

  it('a robust watermark longer than a window is read in each and reported once', async () => {
    const prose = 'Robust marks ride on many visible characters of this longer paragraph. ';
    const robust = encodeRobust(prose.repeat(60), 'long passage', { seed: 3 }).watermarked;
    const path = join(dir, 'robust.txt');
    writeFileSync(path, `${mixedText(9)}\n${robust}\n${mixedText(10)}`);
    const whole = await scanFile(path, { positions: 5 });
    const windowed = await scanFile(path, { positions: 5, windows: { window: 6000, lookahead: 1000 } });
    if (whole.type !== 'file' || windowed.type !== 'file') throw new Error('expected findings');
    expect(windowed.robust.map(({ decoded, start, end }) => ({ decoded, start, end }))).toEqual(
      whole.robust.map(({ decoded, start, end }) => ({ decoded, start, end })),
    );
    expect(windowed.hidden).toEqual(whole.hidden);
  });

  it('stripping in small windows writes exactly what strip writes for the whole text', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const text = mixedText(seed);
      const path = join(dir, `strip-${seed}.txt`);
      writeFileSync(path, text);
      const stripping = { all: false, dryRun: false, scope: writeScopeOf([dir]) };
      const outcome = await scanFile(path, { positions: 5, windows: SMALL, strip: stripping });
      expect(outcome.type === 'file' && outcome.strip?.written).toBe(true);
      expect(readFileSync(path, 'utf8')).toBe(strip(text));
    }
  });
});
