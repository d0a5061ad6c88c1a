import type { DifferenceKind } from './extraction.js';

/**
 * Fonts in which poppler's text of a marked page differs from its text of the unmarked page in ways no placement
 * avoids, and why (docs/SURVIVAL.md, "PDF"). Every font may differ by `closedInnerGaps`: poppler puts spaces inside
 * some words of the unmarked page (after Indic vowel signs, Hebrew points, Tibetan stacks), and a mark there
 * stretches its cluster over that gap, so the marked page reads closer to the source. No font may lose a word
 * boundary of the source (`lostWordBoundaries`), except where poppler cannot read the unmarked page at all.
 */
export const POPPLER_LIMITS: Record<string, { allowed: DifferenceKind[]; reason: string }> = {
  'AR PL UKai TW': {
    allowed: ['addedBreaks'],
    reason:
      'its space glyph is 0.5 em: a marked ideograph overlaps the next one by half an em, ' +
      'and poppler starts a new line',
  },
  'Noto Sans Sinhala': {
    allowed: ['addedBreaks'],
    reason: 'a marked cluster overlaps the next one by more than half an em: poppler starts a new line',
  },
  LKLUG: {
    allowed: ['addedBreaks'],
    reason: 'a marked cluster overlaps the next one by more than half an em: poppler starts a new line',
  },
  'Tibetan Machine Uni': {
    allowed: ['addedBreaks'],
    reason: 'its space glyph is wider than half an em: poppler starts a new line after a marked stack',
  },
  'Lohit Telugu': {
    allowed: ['addedBreaks', 'charactersDiffer'],
    reason: [
      'poppler splits conjuncts with gaps; a mark moves such a gap inside the word',
      '("కోట్లా ది" becomes "కోట్ లాది")',
    ].join(' '),
  },
  Scheherazade: {
    allowed: ['otherWhitespace'],
    reason: 'poppler groups the lines into paragraphs differently: a blank line moves, every word and space stays',
  },
  'Noto Nastaliq Urdu': {
    allowed: ['lostWordBoundaries', 'addedBreaks', 'charactersDiffer', 'otherWhitespace'],
    reason: 'poppler cannot read the unmarked page: letters out of order, words cut into letters ("ب رصغ ی ر")',
  },
};

/** The first family of a CSS font-family list, unquoted. */
export const familyName = (fontList: string): string => fontList.split(',')[0].replaceAll('"', '');
