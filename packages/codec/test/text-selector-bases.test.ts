import { describe, expect, it } from 'vitest';
import { isTextSelector, textSelectorBases } from 'wm-watermark-codec/unicode/lookup';

// scan's byte search reads the bases of presentation selectors from a table of bits: it must answer as the rule.

describe('textSelectorBases', () => {
  it('holds exactly the bases isTextSelector names, for every selector and code point below the limit', () => {
    const limit = 0x20000;
    for (const selector of [0xfe00, 0xfe0e, 0xfe0f]) {
      const table = textSelectorBases(selector, limit);
      const differing: string[] = [];
      for (let codePoint = 0; codePoint < limit; codePoint++) {
        const inTable = ((table[codePoint >> 3] >> (codePoint & 7)) & 1) === 1;
        if (inTable !== isTextSelector(codePoint, selector)) differing.push(codePoint.toString(16));
      }
      expect(differing, `U+${selector.toString(16)}`).toEqual([]);
    }
  });
});
