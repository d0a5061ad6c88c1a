import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarks, hasFindings } from 'wm-watermark-codec/findings';
import { strip } from 'wm-watermark-codec/strip';
import { mayHideMarks } from '../src/prefilter.js';

// One rule (belongsToText in src/codec/hidden-marks.ts) says where a joiner or a zero-width space is part of the
// text; wm scan (findMarks and its byte prefilter), wm strip and the checker all follow it.

/** Texts where the character belongs: none of the three may report or remove it. */
const OF_THE_TEXT = [
  '👨\u200D👩\u200D👧 family',
  'می\u200Cخواهم',
  'क्\u200Dष',
  '❤️\u200D🔥',
  '🏃\u200D♀️ 🧑\u200D⚕️',
  // Khmer and Thai are written without spaces; U+200B marks where a word ends
  'ខ្ញុំ\u200Bស្រលាញ់\u200Bអ្នក',
  'ภาษา\u200Bไทย',
];

/** Texts where it is a mark: all three see it. */
const MARKS = [
  // no Latin word is written with a joiner
  'pay\u200Dpal',
  'Auf\u200Clage',
  'caf\u00E9\u200Dbar',
  // a zero-width space between Latin words, or at a Khmer word's edge beside Latin
  'pass\u200Bword',
  'ខ្ញុំ\u200Bok',
  // a joiner beside another zero-width character
  'می\u200C\u200Bخواهم',
];

describe('joiners and zero-width spaces: one rule for scan, strip and the checker', () => {
  it('what belongs to the text is neither reported nor stripped', () => {
    for (const text of OF_THE_TEXT) {
      expect(hasFindings(findMarks(text)), text).toBe(false);
      expect(strip(text), text).toBe(text);
      expect(mayHideMarks(Buffer.from(text)), text).toBe(false);
    }
  });

  it('a mark is reported as zero-width, stripped, and not cleared by the prefilter', () => {
    for (const text of MARKS) {
      expect(
        findMarks(text).hidden.map((finding) => finding.kind),
        text,
      ).toEqual(['zero-width']);
      expect(strip(text), text).toBe(text.replace(/[\u200B-\u200D]/g, ''));
      expect(mayHideMarks(Buffer.from(text)), text).toBe(true);
    }
  });

  it('in any text, a joiner or ZWSP that strip removes is one findMarks reports, and the prefilter agrees', () => {
    const pieces = ['a', 'Z', 'é', 'ж', 'ب', 'क', 'ខ', 'ក', 'ไ', '😀', ' ', '\u200B', '\u200C', '\u200D'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const removed = strip(text) !== text;
        const reported = hasFindings(findMarks(text));
        expect(reported, JSON.stringify(text)).toBe(removed);
        if (reported) expect(mayHideMarks(Buffer.from(text)), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 3000, seed: 33 },
    );
  });
});
