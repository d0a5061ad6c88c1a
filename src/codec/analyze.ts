import { countGraphemes } from 'unicode-segmenter/grapheme';
import { CodecError } from './errors.js';
import { withoutPayloadSelectors } from './scan.js';
import type { AnalyzeResult } from './types.js';

/** Counts of an encoded text (spec field names): visible graphemes and hidden payload selectors. */
export function analyze(encoded: string, original?: string): AnalyzeResult {
  if (typeof encoded !== 'string') throw new CodecError('INVALID_INPUT', 'The encoded text must be a string');
  if (original !== undefined && typeof original !== 'string') throw new CodecError('INVALID_INPUT', 'The original text must be a string');
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
