import { countGraphemes } from 'unicode-segmenter/grapheme';
import { findC2paWrappers, type C2paWrapper } from './c2pa.js';
import { c2paReport } from './c2pa-report.js';
import { checkText } from './options.js';
import { withoutPayloadSelectors } from './scan.js';
import type { AnalyzeResult } from './types.js';

/**
 * Counts of an encoded text (spec field names): visible graphemes and hidden payload selectors. A C2PA text manifest
 * is neither, in either text: its selectors are `c2pa_bytes`, and none of it (its U+FEFF neither) counts elsewhere,
 * so the ratio of a marked text with a manifest to its original with the same manifest is that of the texts alone.
 */
export function analyze(encoded: string, original?: string): AnalyzeResult {
  checkText(encoded, 'The encoded text');
  if (original !== undefined) checkText(original, 'The original text');
  const wrappers: C2paWrapper[] = [];
  const { text: visible, removed } = withoutPayloadSelectors(encoded, 'drop', (wrapper) => wrappers.push(wrapper));
  const baseCharacters = countGraphemes(visible);
  const encodedLength = baseCharacters + removed;
  const originalLength = original === undefined ? 0 : countGraphemes(withoutC2paWrappers(original));
  return {
    original_length: originalLength,
    encoded_length: encodedLength,
    encoded_bytes: removed,
    ratio: originalLength === 0 ? 0 : encodedLength / originalLength,
    base_characters: baseCharacters,
    variation_selectors: removed,
    ...(wrappers.length > 0
      ? { c2pa_bytes: wrappers.reduce((sum, wrapper) => sum + wrapper.bytes, 0), c2pa: c2paReport(encoded, wrappers) }
      : {}),
  };
}

function withoutC2paWrappers(text: string): string {
  const wrappers = findC2paWrappers(text);
  if (wrappers.length === 0) return text;
  let kept = 0;
  const parts = wrappers.map((wrapper) => {
    const part = text.slice(kept, wrapper.index);
    kept = wrapper.end;
    return part;
  });
  return parts.join('') + text.slice(kept);
}
