import { findC2paWrappers } from './c2pa.js';
import { c2paReport, type C2paReport } from './c2pa-report.js';
import { belongsToText } from './zero-width.js';
import { codePointBefore, selectorLengthAt, withoutPayloadSelectors } from './scan.js';

// Alternatives in order: a valid emoji tag sequence (kept: 🏴 + tags + CANCEL TAG is a flag such as Scotland's);
// a run of 2+ zero-width characters, ZWJ/ZWNJ included (other steganography tools emit those); a lone zero-width
// character (ZWSP, joiners, word joiner, invisible operators, ZWNBSP/BOM, Mongolian vowel separator), kept where the
// map's rule says it belongs to the text (belongsToText); any other tag character.
const HIDDEN_MARKS = new RegExp(
  [
    /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/u.source,
    /[\u180E\u200B-\u200D\u2060-\u2064\uFEFF]{2,}/u.source,
    /[\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/u.source,
    /[\u{E0000}-\u{E007F}]/u.source,
  ].join('|'),
  'gu',
);

export interface StripOptions {
  /** remove C2PA text manifests too (by default they stay, byte for byte: they are not ours to remove) */
  all?: boolean;
}

/** What `wm strip --json` and the strip operation answer: the text, and the C2PA manifest it kept, if any. */
export interface StripResult {
  text: string;
  kept?: { c2pa: C2paReport };
}

/**
 * The text without hidden marks: payload selectors (ours and other tools'), zero-width marks and tag characters.
 * Presentation selectors that belong to the text (the U+FE0F of "❤️"), single ZWJ/ZWNJ (emoji sequences, shaping;
 * not between two Latin letters), a zero-width space between the words of Khmer, Thai, Lao or Myanmar, emoji tag
 * sequences, a byte order mark at the very start and C2PA text manifests (unless `all`) stay.
 * strip(encode(x)) === x for every x === strip(x).
 */
export function strip(text: string, options: StripOptions = {}): string {
  const withoutSelectors = withoutPayloadSelectors(text, options.all ? 'drop' : 'keep').text;
  return withoutSelectors.replace(HIDDEN_MARKS, (mark, offset: number, whole: string) => {
    // Payload runs are gone, so a U+FEFF still followed by a selector is the marker of a C2PA wrapper that stays.
    if (mark.endsWith('\uFEFF') && selectorLengthAt(whole, offset + mark.length) > 0) {
      // the wrapper is no neighbour of the text: a lone joiner before it is judged as at the end of the text
      return keptOf(mark.slice(0, -1), offset, Number.NaN, whole) + '\uFEFF';
    }
    return keptOf(mark, offset, whole.codePointAt(offset + mark.length) ?? Number.NaN, whole);
  });
}

/** What stays of a match of HIDDEN_MARKS at `offset` of `whole`, before the code point `after`. */
function keptOf(mark: string, offset: number, after: number, whole: string): string {
  if (mark.codePointAt(0) === 0x1f3f4 || (mark === '\uFEFF' && offset === 0)) return mark;
  return mark.length === 1 && belongsToText(mark.charCodeAt(0), codePointBefore(whole, offset), after) ? mark : '';
}

/** strip() with what it kept (docs/FORMAT.md §5). */
export function stripResult(text: string, options: StripOptions = {}): StripResult {
  const stripped = strip(text, options);
  const wrappers = options.all ? [] : findC2paWrappers(text);
  return wrappers.length === 0 ? { text: stripped } : { text: stripped, kept: { c2pa: c2paReport(text, wrappers) } };
}
