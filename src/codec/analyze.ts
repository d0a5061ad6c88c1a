import { countGraphemes } from 'unicode-segmenter/grapheme';
import { checkText } from './options.js';
import { withoutPayloadSelectors } from './scan.js';
import type { AnalyzeResult } from './types.js';

/** Counts of an encoded text (spec field names): visible graphemes and hidden payload selectors. */
export function analyze(encoded: string, original?: string): AnalyzeResult {
  checkText(encoded, 'The encoded text');
  if (original !== undefined) checkText(original, 'The original text');
  const { text: visible, removed } = withoutPayloadSelectors(encoded);
  const baseCharacters = countGraphemes(visible);
  const encodedLength = baseCharacters + removed;
  const originalLength = original === undefined ? 0 : countGraphemes(original);
  return {
    original_length: originalLength,
    encoded_length: encodedLength,
    encoded_bytes: removed,
    ratio: originalLength === 0 ? 0 : encodedLength / originalLength,
    base_characters: baseCharacters,
    variation_selectors: removed,
  };
}
