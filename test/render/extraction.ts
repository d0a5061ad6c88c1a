import { strip } from 'wm-watermark-codec';

/** How the text extracted from a marked page differs from the text extracted from the unmarked page. */
export interface ExtractionDifference {
  /** spaces of the unmarked extraction that the marked one lost where the source text separates two words */
  lostWordBoundaries: string[];
  /** spaces the extractor put inside a word of the source on the unmarked page and not on the marked one */
  closedInnerGaps: string[];
  /** breaks the marked extraction has and the unmarked one does not */
  addedBreaks: string[];
  /** the extractions hold different characters (not only different spacing), e.g. misplaced fragments */
  charactersDiffer: boolean;
}

// pdftotext wraps right-to-left runs in embedding controls; they are the same on both pages and no word boundary
const BIDI_CONTROLS = /[\u202a-\u202e]/g;
const WHITESPACE = /\s/u;

interface Spaced {
  characters: string[];
  /** gapBefore[i]: whitespace between characters[i - 1] and characters[i] */
  gapBefore: boolean[];
}

function spaced(text: string): Spaced {
  const characters: string[] = [];
  const gapBefore: boolean[] = [];
  let gap = false;
  for (const character of text.replace(BIDI_CONTROLS, '')) {
    if (WHITESPACE.test(character)) gap = true;
    else {
      characters.push(character);
      gapBefore.push(gap && characters.length > 1);
      gap = false;
    }
  }
  return { characters, gapBefore };
}

/** Whether two texts hold the same characters in the same order, whitespace and embedding controls aside. */
export const sameCharacters = (a: string, b: string): boolean =>
  spaced(a).characters.join('') === spaced(b).characters.join('');

/** For each character of `a`, the index of the character of `b` it is matched with (longest common subsequence). */
function alignment(a: string[], b: string[]): Int32Array {
  const width = b.length + 1;
  const lengths = new Int32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
  const matched = new Int32Array(a.length).fill(-1);
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) matched[i++] = j++;
    else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) i++;
    else j++;
  }
  return matched;
}

/**
 * Compares an extractor's text of the marked page (marks stripped) with its text of the unmarked page; null when
 * they are equal. Their characters are aligned (longest common subsequence), so that spacing is compared even where
 * some characters differ. A space the marked page lost counts as a lost word boundary unless the source text holds
 * no whitespace between the two characters it separated (then it was the extractor's own gap inside a word).
 */
export function compareExtractions(source: string, unmarked: string, marked: string): ExtractionDifference | null {
  // both stripped alike: strip takes zero-width spaces (between Khmer words) with the marks
  const unmarkedText = strip(unmarked);
  const markedText = strip(marked);
  if (markedText === unmarkedText) return null;
  const before = spaced(unmarkedText);
  const after = spaced(markedText);
  const difference: ExtractionDifference = {
    lostWordBoundaries: [],
    closedInnerGaps: [],
    addedBreaks: [],
    charactersDiffer: before.characters.join('') !== after.characters.join(''),
  };
  const sourceSpaced = spaced(source);
  const inSource = alignment(before.characters, sourceSpaced.characters);
  const inAfter = alignment(before.characters, after.characters);
  const gapBetween = (gapBefore: boolean[], from: number, to: number): boolean => {
    for (let k = from + 1; k <= to; k++) if (gapBefore[k]) return true;
    return false;
  };
  const context = (i: number): string =>
    `${before.characters.slice(Math.max(0, i - 6), i).join('')}␣${before.characters.slice(i, i + 6).join('')}`;
  for (let i = 1; i < before.characters.length; i++) {
    // where a character changed, charactersDiffer says so
    if (inAfter[i - 1] < 0 || inAfter[i] < 0) continue;
    const spacedAfter = gapBetween(after.gapBefore, inAfter[i - 1], inAfter[i]);
    if (before.gapBefore[i] && !spacedAfter) {
      const separated =
        inSource[i - 1] < 0 || inSource[i] < 0 || gapBetween(sourceSpaced.gapBefore, inSource[i - 1], inSource[i]);
      (separated ? difference.lostWordBoundaries : difference.closedInnerGaps).push(context(i));
    } else if (!before.gapBefore[i] && spacedAfter) difference.addedBreaks.push(context(i));
  }
  return difference;
}

/** The kinds of difference found, by field name; `otherWhitespace` when only the kind of whitespace differs. */
export type DifferenceKind =
  'lostWordBoundaries' | 'closedInnerGaps' | 'addedBreaks' | 'charactersDiffer' | 'otherWhitespace';

export function kindsOf(difference: ExtractionDifference | null): DifferenceKind[] {
  if (!difference) return [];
  const kinds: DifferenceKind[] = [];
  if (difference.lostWordBoundaries.length > 0) kinds.push('lostWordBoundaries');
  if (difference.closedInnerGaps.length > 0) kinds.push('closedInnerGaps');
  if (difference.addedBreaks.length > 0) kinds.push('addedBreaks');
  if (difference.charactersDiffer) kinds.push('charactersDiffer');
  return kinds.length > 0 ? kinds : ['otherWhitespace'];
}
