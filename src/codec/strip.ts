import { withoutPayloadSelectors } from './scan.js';

// Alternatives in order: a valid emoji tag sequence (kept: 🏴 + tags + CANCEL TAG is a flag such as Scotland's);
// a run of 2+ zero-width characters, ZWJ/ZWNJ included (other steganography tools emit those); a lone zero-width
// mark (ZWSP, word joiner, invisible operators, ZWNBSP/BOM, Mongolian vowel separator); any other tag character.
const HIDDEN_MARKS =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u180E\u200B-\u200D\u2060-\u2064\uFEFF]{2,}|[\u180E\u200B\u2060-\u2064\uFEFF]|[\u{E0000}-\u{E007F}]/gu;

/**
 * The text without hidden marks: payload selectors (ours and other tools'), zero-width marks and tag characters.
 * Presentation selectors that belong to the text (the U+FE0F of "❤️"), single ZWJ/ZWNJ (emoji sequences, shaping),
 * emoji tag sequences and a byte order mark at the very start stay. strip(encode(x)) === x for every x === strip(x).
 */
export function strip(text: string): string {
  const withoutSelectors = withoutPayloadSelectors(text).text;
  return withoutSelectors.replace(HIDDEN_MARKS, (mark, offset: number) =>
    mark.codePointAt(0) === 0x1f3f4 || (mark === '\uFEFF' && offset === 0) ? mark : '',
  );
}
