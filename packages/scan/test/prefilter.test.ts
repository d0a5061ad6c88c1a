import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { findMarks, hasFindings } from 'wm-watermark-codec/findings';
import { HIDDEN_CODE_POINTS } from 'wm-watermark-codec/hidden-marks';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { mayHideMarks } from '../src/prefilter.js';
import { c2paWrapper } from '../../codec/test/c2pa-fixtures.js';

// The byte prefilter decides which files are decoded at all: it may say "maybe" too often, never "no" for a text
// in which findMarks finds something.

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('the byte prefilter of wm scan', () => {
  it('sees every hidden code point the codec reports, in every script around it', () => {
    const contexts = ['a', 'ж', '中', 'ქ', 'ក', 'ع', '😀'];
    for (const [low, high] of HIDDEN_CODE_POINTS) {
      for (let codePoint = low; codePoint <= high; codePoint++) {
        for (const around of contexts) {
          // two in a row: a stray run of selectors, joiners beside each other, never part of the text
          const mark = String.fromCodePoint(codePoint).repeat(2);
          const text = `${around.repeat(40)}${mark}${around.repeat(40)}`;
          if (!hasFindings(findMarks(text))) continue;
          expect(mayHideMarks(utf8(text)), `U+${codePoint.toString(16)} after ${around}`).toBe(true);
        }
      }
    }
  });

  it('passes over what belongs to the text, as the codec does', () => {
    for (const text of [
      'plain ASCII',
      'I ❤️ NY, 1️⃣ #️⃣',
      '👨‍👩‍👧 👩🏽‍💻 🏳️‍🌈',
      'می‌خواهم',
      '\uFEFFwith a BOM',
      '葛\u{E0100}飾区',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      'Ελληνικά, русский, ქართული, ខ្មែរ, 日本語。',
    ]) {
      expect(hasFindings(findMarks(text)), text).toBe(false);
      expect(mayHideMarks(utf8(text)), text).toBe(false);
    }
  });

  it('never says no where findMarks finds something (fuzzed)', () => {
    const pieces = [
      'a',
      ' ',
      '\n',
      'é',
      'ж',
      '中',
      'ქ',
      'ក',
      'ع',
      '😀',
      '❤',
      '👨',
      '🏴',
      '葛',
      '\u0301',
      '1',
      '\uFE0F',
      '\uFE0E',
      '\uFE00',
      '\u{E0100}',
      '\u{E0101}',
      '\u{E01EF}',
      '\u{E0041}',
      '\u{E0067}',
      '\u{E007F}',
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u202E',
      '\u2060',
      '\u2066',
      '\uFEFF',
      '\u00AD',
      '\u034F',
      '\u061C',
      '\u115F',
      '\u17B4',
      '\u180B',
      '\u180E',
      '\u3164',
      '\uFFA0',
    ];
    const marked = [
      encode('Every word here carries a little.', 'x').encoded,
      c2paWrapper(),
      encodeRobust('Robust marks ride on many visible characters here. '.repeat(6), 'r').watermarked,
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces, ...marked), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        if (hasFindings(findMarks(text))) expect(mayHideMarks(utf8(text))).toBe(true);
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('reads the characters around a mark as a decoder does, also where the bytes are not well-formed (fuzzed)', () => {
    const text = [
      'a',
      '©',
      '❤',
      '🏳',
      '葛',
      'ж',
      '\uFE0F',
      '\uFE0E',
      '\u{E0100}',
      '\u200D',
      '\u200C',
      '\u200B',
      '\u00AD',
    ];
    const malformed = [
      [0xc1, 0xa9],
      [0xe0, 0x82, 0xa9],
      [0xe2, 0x9d],
      [0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xff],
    ];
    const pieces = [...text.map((piece) => [...utf8(piece)]), ...malformed];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 12, maxLength: 30 }), (parts) => {
        const bytes = Buffer.from(parts.flat());
        if (hasFindings(findMarks(bytes.toString('utf8'))))
          expect(mayHideMarks(bytes), bytes.toString('hex')).toBe(true);
      }),
      { numRuns: 3000, seed: 13 },
    );
  });

  it('reads a run of tags as an emoji flag only as long as the codec does', () => {
    for (const tags of [1, 5, 29, 30, 31, 40]) {
      const text = `a flag 🏴${'\u{E0067}'.repeat(tags)}\u{E007F} here`;
      expect(mayHideMarks(utf8(text)), `${tags} tags`).toBe(hasFindings(findMarks(text)));
    }
    expect(hasFindings(findMarks(`🏴${'\u{E0067}'.repeat(31)}\u{E007F}`))).toBe(true);
  });
});
