import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAME_SPACING, segmentsOf } from '../../../src/domain/copies/marking.js';

/** The boundary as first written: the same cuts, found in time quadratic in a run of spaces. */
const QUADRATIC_BOUNDARY =
  /[.!?\u2026]["'\u201d\u2019\u00bb)\]]*\s+|[\u3002\uff01\uff1f]["'\u201d\u2019\u300d\u300f)]*|\s*\n\s*/gu;

function segmentsByQuadraticBoundary(text: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (const match of text.matchAll(QUADRATIC_BOUNDARY)) {
    const end = match.index + match[0].length;
    if (end - start >= FRAME_SPACING && end < text.length) {
      segments.push(text.slice(start, end));
      start = end;
    }
  }
  segments.push(text.slice(start));
  return segments;
}

describe('segmentsOf', () => {
  it('cuts where the first boundary did, on texts made of boundaries, spaces and words', () => {
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '. ',
      '!',
      '?',
      '…',
      '"',
      '”',
      '»',
      ')',
      '。',
      '！',
      '」',
      'word',
      'a',
      'Ünïcödé',
      '😀',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 600 }), (pieces) => {
        const text = pieces.join('');
        expect(segmentsOf(text)).toEqual(segmentsByQuadraticBoundary(text));
      }),
      { numRuns: 300 },
    );
  });

  it('goes through a long run of spaces in one pass', () => {
    // quadratic, a run of 200,000 spaces took minutes; it is one segment, with no boundary to cut at
    expect(segmentsOf(' '.repeat(200_000))).toEqual([' '.repeat(200_000)]);
  });
});
