import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skeleton } from 'wm-watermark-codec/unicode/name-key';
import { confusableWords, lookAlikeLines } from '../src/confusables.js';
import { inCodeAt } from '../src/schemes.js';
import { scanFile } from '../src/scan-file.js';

// Look-alike names are looked for only where they can be (confusables.ts): the words around non-ASCII characters,
// in the lines where a non-ASCII character meets an ASCII one of a name, and in the first look of a file. Each
// shortcut must find exactly what reading every word of the whole text finds (the reading below, by definition).

const dir = mkdtempSync(join(tmpdir(), 'wm-confusables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LATIN = /\p{Script_Extensions=Latin}/u;
const ASCII_NAME = /^[A-Za-z0-9_$]+$/;

/** Every word of the text read in turn: the definition of a look-alike name (docs/CLI.md, confusable-identifier). */
function everyWord(text: string, before = text.length): { offset: number; word: string; looksLike: string }[] {
  const found: { offset: number; word: string; looksLike: string }[] = [];
  for (const match of text.matchAll(/[\p{ID_Continue}$]+/gu)) {
    if (match.index >= before) break;
    const word = match[0];
    if (!/[A-Za-z]/.test(word) || ASCII_NAME.test(word)) continue;
    let looksLike = '';
    for (const character of word) {
      const prototype = character.codePointAt(0)! < 0x80 ? character : skeleton(character);
      if (character.codePointAt(0)! >= 0x80 && (LATIN.test(character) || !ASCII_NAME.test(prototype))) {
        looksLike = '';
        break;
      }
      looksLike += prototype;
    }
    if (looksLike && inCodeAt(text, match.index)) found.push({ offset: match.index, word, looksLike });
  }
  return found;
}

// ASCII names and code, look-alikes (Cyrillic, Greek, Cherokee, mathematical, full-width), Latin letters of other
// languages, words of other scripts, marks, emoji, a lone surrogate, quotes and comments, line ends
const PIECES = [
  'is',
  'Admin',
  'x1',
  '_',
  '$',
  ' ',
  '(',
  '.',
  '"',
  "'",
  '`',
  '//',
  '#',
  '\\',
  '\n',
  '\r\n',
  '\u0430',
  '\u0410',
  '\u0440',
  '\u03BF',
  '\u13AA',
  '\u{1D42D}',
  '\uFF56',
  'ı',
  'é',
  'ß',
  'сор',
  '年',
  '월',
  'ที่',
  '\u0301',
  '©',
  '😀',
  '\uD800',
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));

describe('look-alike names', () => {
  it('are the words every word of the text gives, whatever the text (fuzzed)', () => {
    fc.assert(
      fc.property(text, fc.nat(), (code, cut) => {
        const before = cut % (code.length + 1);
        const found = confusableWords(code, before).map(({ offset, word, looksLike }) => ({ offset, word, looksLike }));
        expect(found).toEqual(everyWord(code, before));
      }),
      { numRuns: 4000, seed: 46 },
    );
  });

  it('lie only in the lines lookAlikeLines gives', () => {
    fc.assert(
      fc.property(text, (code) => {
        const bytes = Buffer.from(code);
        const lines = lookAlikeLines(bytes);
        for (const { offset } of everyWord(code)) {
          const at = Buffer.byteLength(code.slice(0, offset));
          const inside = lines.some((start, k) => k % 2 === 0 && start <= at && at < lines[k + 1]);
          expect(inside, JSON.stringify(code)).toBe(true);
        }
      }),
      { numRuns: 3000, seed: 47 },
    );
  });

  it('in a source file: the first look never clears one; the report gives those the whole text gives', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(text, async (code) => {
        const path = join(dir, `f${file++}.ts`);
        writeFileSync(path, code);
        const expected = everyWord(code.replace(/\uD800/g, '\uFFFD'));
        const look = await scanFile(path, { positions: 5 }, false);
        if (expected.length > 0) expect(look.type).toBe('marked');
        const report = await scanFile(path, { positions: 5 });
        const words = report.type === 'file' ? report.confusables : [];
        expect(words.map(({ word, looks_like }) => [word, looks_like])).toEqual(
          expected.map(({ word, looksLike }) => [word, looksLike]),
        );
      }),
      { numRuns: 300, seed: 48 },
    );
  });
});
